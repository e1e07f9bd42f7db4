/**
 * End to end against the real Tabula server (a child process on 127.0.0.1): two Chromium pages
 * on one canvas, page A being the test harness or the packed-widget embedding example
 * (examples/embed, built by its script when missing or when EMBED_REBUILD=1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  drag,
  guardedContext,
  guardLocalOnly,
  launchChromium,
  PAGE_WAIT_MS,
  pickTool,
} from '@tabula/testing';
import { startHarnessServer, startStaticServer } from './test/harnessServer';
import { ensurePackageBuilt } from './test/packageBuild';
import type { HarnessServer } from './test/harnessServer';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { excalidrawRectangles } from './test/elements';
import { createCanvas, drawOnCanvas, fetchScene, shareCanvas, signUp } from './test/tabulaApi';
import type { TestUser } from './test/tabulaApi';

const EMBED_DIR = fileURLToPath(new URL('../../../examples/embed/', import.meta.url));

interface Snapshot {
  id: string;
  type: string;
  version: number;
  isDeleted: boolean;
}

/** The page's scene, from the harness (`__tabula`) or the example (`__tabulaEmbed`). */
function sceneOf(page: Page): Promise<Snapshot[]> {
  return page.evaluate(() => {
    const board = window.__tabula?.board ?? window.__tabulaEmbed?.board;
    return (board?.getScene() ?? []).map((e) => ({
      id: e.id,
      type: e.type,
      version: e.version,
      isDeleted: e.isDeleted,
    }));
  });
}

function visible(scene: readonly Snapshot[], type: string): Snapshot[] {
  return scene.filter((element) => element.type === type && !element.isDeleted);
}

function key(scene: readonly { id: string; version: number }[]): string[] {
  return scene.map((element) => `${element.id}@${element.version}`).sort();
}

/** The page's collaboration status. */
function statusOf(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      window.__tabula?.live?.status ??
      document.querySelector('[data-testid="embed-status"]')?.textContent ??
      undefined,
  );
}

/** Waits until the page's collaboration status is `status`. */
async function waitForStatus(page: Page, status: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      (window.__tabula?.live?.status ??
        document.querySelector('[data-testid="embed-status"]')?.textContent) === wanted,
    status,
    { timeout, polling: 50 },
  );
}

function livePage(base: string, server: string, user: TestUser, canvasId: string): string {
  const query = new URLSearchParams({ server, token: user.token, canvas: canvasId, user: user.id });
  return `${base}?${query.toString()}`;
}

let harness: HarnessServer;
let embed: HarnessServer;
let server: TabulaServer;
let browser: Browser;

beforeAll(async () => {
  if (process.env.EMBED_REBUILD === '1' || !existsSync(`${EMBED_DIR}dist/index.html`)) {
    ensurePackageBuilt(); // never while turbo's other tasks read dist: it is fresh there
    execFileSync('bash', [`${EMBED_DIR}scripts/build.sh`], {
      stdio: 'inherit',
      timeout: 600_000,
      env: { ...process.env, WIDGET_BUILT: '1' },
    });
  }
  harness = await startHarnessServer();
  embed = await startStaticServer(EMBED_DIR);
  server = await startTabulaServer({
    allowedOrigins: [new URL(harness.url).origin, new URL(embed.url).origin],
    env: { DEMO_ACCOUNTS: 'off' },
  });
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await embed?.close();
  await harness?.close();
});

describe.each(['harness', 'embed'] as const)('live canvas, page A = %s', (kind) => {
  let alice: TestUser;
  let bob: TestUser;
  let canvasId: string;
  let closeSetup: () => void;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  const guards: { outside: string[] }[] = [];

  beforeAll(async () => {
    alice = await signUp(server.url, `alice_${kind}`);
    bob = await signUp(server.url, `bob_${kind}`);
    canvasId = await createCanvas(server.url, alice, `e2e ${kind}`);
    closeSetup = await shareCanvas(server.url, alice, bob, canvasId);
    contextA = await guardedContext(browser, { viewport: { width: 1200, height: 800 } });
    contextB = await guardedContext(browser, { viewport: { width: 1200, height: 800 } });
    guards.push(await guardLocalOnly(contextA), await guardLocalOnly(contextB));
    pageA = await contextA.newPage();
    pageB = await contextB.newPage();
    await pageA.goto(
      livePage(kind === 'embed' ? embed.url : harness.url, server.url, alice, canvasId),
    );
    await pageB.goto(livePage(harness.url, server.url, bob, canvasId));
    for (const page of [pageA, pageB]) await waitForStatus(page, 'live', 30_000);
  });

  afterAll(async () => {
    closeSetup?.();
    await contextA?.close();
    await contextB?.close();
  });

  it('each page sees the other’s strokes (latency logged, not judged)', async () => {
    await pickTool(pageA, 'rectangle');
    await drag(pageA, [
      [300, 250],
      [450, 380],
    ]);
    const drawnAt = Date.now();
    await pageB.waitForFunction(
      () => window.__tabula.board!.getScene().some((e) => e.type === 'rectangle' && !e.isDeleted),
      undefined,
      { timeout: 10_000, polling: 25 },
    );
    const aToB = Date.now() - drawnAt;

    await pickTool(pageB, 'freedraw');
    await drag(pageB, [
      [600, 300],
      [650, 340],
      [700, 320],
    ]);
    const strokeAt = Date.now();
    await pageA.waitForFunction(
      () => {
        const board = window.__tabula?.board ?? window.__tabulaEmbed?.board;
        return board!.getScene().some((e) => e.type === 'freedraw' && !e.isDeleted);
      },
      undefined,
      { timeout: 10_000, polling: 25 },
    );
    const bToA = Date.now() - strokeAt;
    console.log(`[${kind}] stroke latency A→B ${aToB} ms, B→A ${bToA} ms`);
    // Page A shows B's stroke once its commit arrives: wait until the scenes agree.
    await vi.waitFor(
      async () => expect(key(await sceneOf(pageA))).toEqual(key(await sceneOf(pageB))),
      { timeout: 15_000, interval: 50 },
    );
  });

  it('shows the partner’s stroke while it is drawn, then the committed stroke in its place', async () => {
    const known = (await sceneOf(pageB)).map((element) => element.id);
    await pickTool(pageA, 'freedraw');
    await pageA.mouse.move(300, 620);
    await pageA.mouse.down();
    try {
      for (let i = 1; i <= 12; i += 1) await pageA.mouse.move(300 + i * 12, 620 + (i % 4) * 8);
      // Page A still holds the mouse down: page B already shows the stroke in progress, on
      // its peer layer (the editor's scene gets the stroke only with its commit).
      await pageB.waitForFunction(
        (ids) =>
          (window.__tabula.client?.peerActivity.previews() ?? []).some(
            (e) => e.type === 'freedraw' && !ids.includes(e.id),
          ),
        known,
        { timeout: 15_000, polling: 25 },
      );
    } finally {
      // Whatever happened, the button goes up: later tests start from a page at rest.
      await pageA.mouse.up();
    }
    const strokes = async (page: Page) =>
      key(visible(await sceneOf(page), 'freedraw').filter((e) => !known.includes(e.id)));
    await expect
      .poll(async () => JSON.stringify(await strokes(pageB)), { timeout: 15_000 })
      .toBe(JSON.stringify(await strokes(pageA)));
    expect(await strokes(pageA)).toHaveLength(1);
  });

  it('each page shows the other’s cursor, name and avatar', async () => {
    for (let i = 0; i < 10; i += 1) await pageB.mouse.move(500 + i * 10, 400, { steps: 2 });
    await expect
      .poll(
        () =>
          pageA.evaluate(() => {
            const peers = window.__tabula?.live?.peers ?? window.__tabulaEmbed?.peers ?? [];
            return peers.filter((peer) => peer.pointer).map((peer) => peer.username);
          }),
        { timeout: 15_000 },
      )
      .toEqual([bob.username]);
    for (let i = 0; i < 10; i += 1) await pageA.mouse.move(300 + i * 10, 300, { steps: 2 });
    await expect
      .poll(
        () =>
          pageB.evaluate(() =>
            (window.__tabula.live?.peers ?? [])
              .filter((peer) => peer.pointer)
              .map((peer) => peer.username),
          ),
        {
          timeout: 15_000,
        },
      )
      .toEqual([alice.username]);
    // Excalidraw draws peers as avatars in its user list.
    await expect
      .poll(() => pageA.locator('.UserList__collaborator').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
  });

  it('converges with nothing lost after page A is offline for 5 s while both draw', async () => {
    const before = visible(await sceneOf(pageA), 'rectangle').length;
    await contextA.setOffline(true);
    const offlineAt = Date.now();
    await expect.poll(() => statusOf(pageA), { timeout: 15_000 }).toBe('offline');
    // Excalidraw goes back to the selection tool after each shape, and its properties panel
    // covers the left edge while a tool is picked: draw right of it.
    await pickTool(pageA, 'rectangle');
    await drag(pageA, [
      [420, 500],
      [480, 560],
    ]);
    await pickTool(pageA, 'rectangle');
    await drag(pageA, [
      [520, 500],
      [580, 560],
    ]);
    await pickTool(pageB, 'rectangle');
    await drag(pageB, [
      [700, 500],
      [760, 560],
    ]);
    await pickTool(pageB, 'rectangle');
    await drag(pageB, [
      [800, 500],
      [860, 560],
    ]);
    if (kind === 'harness') {
      // The badge says so, with the changes waiting.
      await expect
        .poll(() => pageA.locator('.tabula-connection-badge').textContent(), { timeout: 15_000 })
        .toBe('Offline · 2 changes waiting');
    }
    await pageA.waitForTimeout(Math.max(0, 5000 - (Date.now() - offlineAt)));
    await contextA.setOffline(false);

    await expect.poll(() => statusOf(pageA), { timeout: PAGE_WAIT_MS }).toBe('live');
    if (kind === 'harness') {
      const statuses = await pageA.evaluate(() => window.__tabula.statuses);
      const since = statuses.lastIndexOf('offline');
      expect(statuses.slice(since)).toEqual(['offline', 'reconnecting', 'joining', 'live']);
      await expect
        .poll(() => pageA.locator('.tabula-connection-badge').textContent(), { timeout: 15_000 })
        .toBe('Live');
    }
    await expect
      .poll(
        async () =>
          JSON.stringify(key(await sceneOf(pageA))) === JSON.stringify(key(await sceneOf(pageB))),
        { timeout: 15_000 },
      )
      .toBe(true);
    const sceneA = await sceneOf(pageA);
    expect(visible(sceneA, 'rectangle')).toHaveLength(before + 4);
    await expect
      .poll(async () => key(await fetchScene(server.url, alice, canvasId)), { timeout: 15_000 })
      .toEqual(key(sceneA));
  });

  it('made no request outside localhost', () => {
    expect(guards.flatMap((guard) => guard.outside)).toEqual([]);
  });
});

describe('opening a canvas with content', () => {
  let owner: TestUser;
  let context: BrowserContext;
  let guard: { outside: string[] };

  beforeAll(async () => {
    owner = await signUp(server.url, 'opener');
    context = await guardedContext(browser, { viewport: { width: 1200, height: 800 } });
    guard = await guardLocalOnly(context);
  });

  afterAll(async () => {
    await context?.close();
  });

  /**
   * The hang guard of one open (a page load and its join): sized for a machine busy ten times
   * over, and the test's guard is 26 of them (24 opens and the commits), since a whole-test
   * guard of 300 s failed a clean clone at load 19 with no open hanging.
   */
  const OPEN_GUARD_MS = PAGE_WAIT_MS;

  /** Opens the canvas in a new tab; once it says loaded, the ids it shows at that moment. */
  async function openAndRead(canvasId: string): Promise<string[]> {
    const page = await context.newPage();
    try {
      await page.goto(livePage(harness.url, server.url, owner, canvasId), {
        timeout: OPEN_GUARD_MS,
      });
      await page.waitForFunction(() => window.__tabula?.live?.loaded === true, undefined, {
        timeout: OPEN_GUARD_MS,
        polling: 'raf',
      });
      return await page.evaluate(() =>
        window.__tabula
          .board!.getScene()
          .filter((element) => !element.isDeleted)
          .map((element) => element.id)
          .sort(),
      );
    } finally {
      await page.close();
    }
  }

  it(
    'shows every element as soon as it says loaded, on each of 24 opens',
    async () => {
      // Twelve canvases, each opened right after its content was committed.
      for (let i = 0; i < 12; i += 1) {
        const canvasId = await createCanvas(server.url, owner, `opens ${i}`);
        const elements = excalidrawRectangles(`fresh${i}`, 1 + (i % 4));
        await drawOnCanvas(server.url, owner, canvasId, elements);
        expect(await openAndRead(canvasId)).toEqual(elements.map((element) => element.id).sort());
      }
      // One canvas opened twelve times in new tabs.
      const canvasId = await createCanvas(server.url, owner, 'reopened');
      const elements = excalidrawRectangles('kept', 6);
      await drawOnCanvas(server.url, owner, canvasId, elements);
      for (let i = 0; i < 12; i += 1)
        expect(await openAndRead(canvasId)).toEqual(elements.map((element) => element.id).sort());
      // Opening is not a change: the server's copies are still the ones drawn.
      const stored = await fetchScene(server.url, owner, canvasId);
      expect(key(stored)).toEqual(key(elements as { id: string; version: number }[]));
      expect(guard.outside).toEqual([]);
    },
    26 * OPEN_GUARD_MS,
  );

  it('shows the server’s refusal instead of “Opening the canvas…” for a canvas that is not there', async () => {
    const page = await context.newPage();
    try {
      await page.goto(livePage(harness.url, server.url, owner, '000000000000000000000000'));
      const alert = page.locator('.tabula-whiteboard [role="alert"]');
      await alert.waitFor({ timeout: PAGE_WAIT_MS });
      expect((await alert.textContent())?.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('Opening the canvas…').count()).toBe(0);
      expect(await page.locator('.excalidraw').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
