/**
 * Time to the first drawn frame of a live board, the script-tag element on a plain HTML page
 * against the React example page (examples/embed, the packed package in a Vite + React app),
 * in the same run, same machine, same canvas (one rectangle): from navigation start to the
 * first animation frame whose static canvas shows the rectangle. Pages alternate, each run in
 * a fresh browser context (nothing cached). Also the bytes each page fetched (as sent, i.e.
 * compressed when the server compressed them), by kind. Prints one JSON report.
 *
 *   npx tsx packages/whiteboard-widget/bench/embedFirstFrame.bench.ts [runs=5]
 *
 * Needs `npm run build` (the widget) and examples/embed/dist (bash examples/embed/scripts/build.sh).
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium, startTabulaServer } from '@tabula/testing';
import { excalidrawRectangles } from '../src/test/elements';
import { embedSource, plainPage, startPageSite } from '../src/test/embedPages';
import { EMBED_DIR } from '../src/test/packageBuild';
import { startFileServer } from '../src/test/fileServer';
import { createCanvas, drawOnCanvas, signUp } from '../src/test/tabulaApi';

const RUNS = Number(process.argv[2] ?? 5);
const EXAMPLE_DIST = fileURLToPath(new URL('../../../examples/embed/dist/', import.meta.url));

/** Runs in the page from its start: the time of the first frame with the rectangle drawn. */
const FIRST_FRAME_PROBE = `
(() => {
  const canvases = () => {
    const found = [...document.querySelectorAll('canvas.excalidraw__canvas.static')];
    for (const host of document.querySelectorAll('tabula-whiteboard')) {
      found.push(...(host.shadowRoot?.querySelectorAll('canvas.excalidraw__canvas.static') ?? []));
    }
    return found;
  };
  const drawn = (canvas) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < data.length; i += 16) {
      if (data[i + 3] > 200 && data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) return true;
    }
    return false;
  };
  const check = () => {
    if (canvases().some(drawn)) window.__firstFrame = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
`;

interface Run {
  firstFrameMs: number;
  bytes: Record<string, number>;
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript(FIRST_FRAME_PROBE);
  const page = await context.newPage();
  const bytes: Record<string, number> = {};
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      const kind = /\.woff2?$/.test(request.url()) ? 'font' : request.resourceType();
      bytes[kind] = (bytes[kind] ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize;
    });
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as { __firstFrame?: number }).__firstFrame, undefined, {
    timeout: 120_000,
    polling: 50,
  });
  const firstFrameMs = await page.evaluate(
    () => (window as { __firstFrame?: number }).__firstFrame!,
  );
  await context.close();
  return { firstFrameMs: Math.round(firstFrameMs), bytes };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!existsSync(`${EXAMPLE_DIST}index.html`)) {
    throw new Error('examples/embed/dist is missing: bash examples/embed/scripts/build.sh');
  }
  const site = await startPageSite();
  const example = await startFileServer(EXAMPLE_DIST);
  const server = await startTabulaServer({
    allowedOrigins: [new URL(site.url).origin, new URL(example.url).origin],
    env: { DEMO_ACCOUNTS: 'off' },
  });
  const embed = await embedSource(server.url);
  // The same files from a plain file server (no compression, as the example's server): the
  // element against the React page with the server's on-the-fly compression left out.
  const embedFiles = await startFileServer(EMBED_DIR);
  const browser = await launchChromium();
  try {
    const user = await signUp(server.url, 'bench_embed');
    const canvasId = await createCanvas(server.url, user, 'first frame');
    await drawOnCanvas(server.url, user, canvasId, excalidrawRectangles('bench', 1));
    const board = `<tabula-whiteboard server="${server.url}" canvas="${canvasId}" token="${user.token}" height="700"></tabula-whiteboard>`;
    const plainUrl = site.page('board.html', plainPage(embed.url, board));
    const plainFilesUrl = site.page('board-files.html', plainPage(embedFiles.url, board));
    const query = new URLSearchParams({ server: server.url, token: user.token, canvas: canvasId });
    const exampleUrl = `${example.url}index.html?${query.toString()}`;
    // One of each first, not counted: the server's first answers (compression caches) warm up.
    await measure(browser, plainUrl);
    await measure(browser, exampleUrl);
    const plain: Run[] = [];
    const plainFiles: Run[] = [];
    const react: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      plain.push(await measure(browser, plainUrl));
      plainFiles.push(await measure(browser, plainFilesUrl));
      react.push(await measure(browser, exampleUrl));
    }
    const summary = (runs: Run[]) => ({
      firstFrameMs: {
        median: median(runs.map((run) => run.firstFrameMs)),
        runs: runs.map((run) => run.firstFrameMs),
      },
      bytes: runs[runs.length - 1]!.bytes,
    });
    const plainSummary = summary(plain);
    const plainFilesSummary = summary(plainFiles);
    const reactSummary = summary(react);
    const ratio = (a: ReturnType<typeof summary>) =>
      Math.round((a.firstFrameMs.median / reactSummary.firstFrameMs.median) * 100) / 100;
    console.log(
      JSON.stringify(
        {
          runs: RUNS,
          machine: {
            cpus: cpus().length,
            loadavg: loadavg().map((value) => Math.round(value * 10) / 10),
          },
          embedServedBy: embed.servedBy,
          plainPageElement: plainSummary,
          plainPageElementFromFileServer: plainFilesSummary,
          reactExamplePage: reactSummary,
          ratioPlainToReact: ratio(plainSummary),
          ratioPlainFromFileServerToReact: ratio(plainFilesSummary),
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
    await embed.close();
    await embedFiles.close();
    await example.close();
    await site.close();
  }
}

await main();
