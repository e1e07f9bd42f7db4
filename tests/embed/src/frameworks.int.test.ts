/**
 * `<tabula-whiteboard>` from npm (`@tabula/whiteboard/element`) the way a Vue 3 app and a
 * plain Vite page use it: each page is built by Vite here (vue from npm, its SFC compiled by
 * @vitejs/plugin-vue), served as built files, and driven in Chromium against the real Tabula
 * server: the board goes live, the page's own bindings hear its `status` and `change` events,
 * and a stroke another device commits appears on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { build, preview } from 'vite';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, guardLocalOnly, launchChromium, startTabulaServer } from '@tabula/testing';
import type { LocalOnlyGuard, TabulaServer } from '@tabula/testing';
import { commitElements, createCanvas, rectangle, signUp } from './support/tabulaApi';

const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));
/**
 * The package's `tabula-whiteboard-fonts` command, run as `npx` would run it. Taken from the
 * package's `bin` field, not node_modules/.bin: npm links a workspace's bin only when its
 * target exists at install time, and a fresh clone builds the package after installing.
 */
const WIDGET_DIR = join(REPO_ROOT, 'packages/whiteboard-widget');
const widgetBin = (
  JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  }
).bin;
const FONTS_CLI = join(WIDGET_DIR, widgetBin['tabula-whiteboard-fonts']!);
const WAIT = { timeout: 120_000, polling: 50 };

let outDir: string;
let site: PreviewServer;
let siteUrl: string;
let server: TabulaServer;
let browser: Browser;

/** Builds `pages/<name>` into `outDir/<name>`, with Excalidraw's fonts copied beside it. */
async function buildPage(name: 'vue' | 'vanilla'): Promise<void> {
  const publicDir = join(outDir, `${name}-public`);
  // The documented way to serve the fonts from the page's own origin.
  execFileSync(process.execPath, [FONTS_CLI, join(publicDir, 'excalidraw-assets')], {
    stdio: 'ignore',
  });
  await build({
    configFile: false,
    root: join(PAGES, name),
    base: './',
    publicDir,
    logLevel: 'warn',
    plugins: [
      vue({
        template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('tabula-') } },
      }),
    ],
    build: { outDir: join(outDir, 'site', name), emptyOutDir: true, chunkSizeWarningLimit: 8192 },
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'tabula-embed-frameworks-'));
  await buildPage('vue');
  await buildPage('vanilla');
  site = await preview({
    configFile: false,
    root: outDir,
    logLevel: 'warn',
    build: { outDir: join(outDir, 'site') },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = site.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('The page server has no port.');
  siteUrl = `http://127.0.0.1:${address.port}/`;
  server = await startTabulaServer({
    allowedOrigins: [new URL(siteUrl).origin],
    env: { DEMO_ACCOUNTS: 'off' },
  });
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const text = (page: Page, id: string) =>
  page.evaluate((which) => document.querySelector(`[data-testid="${which}"]`)?.textContent, id);

describe.each(['vue', 'vanilla'] as const)('the element on a %s page built by Vite', (name) => {
  let page: Page;
  let guard: LocalOnlyGuard;

  it('goes live, its events reach the page, and another device’s stroke appears', async () => {
    const user = await signUp(server.url, `embed_${name}`);
    const canvasId = await createCanvas(server.url, user, `${name} page`);
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    guard = await guardLocalOnly(context);
    page = await context.newPage();
    const query = new URLSearchParams({ server: server.url, canvas: canvasId, token: user.token });
    await page.goto(`${siteUrl}${name}/index.html?${query.toString()}`);
    // The page's own binding of the `status` event shows it.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="status"]')?.textContent === 'live',
      undefined,
      WAIT,
    );
    await page.waitForFunction(
      () => (document.querySelector('tabula-whiteboard') as { ready?: boolean } | null)?.ready,
      undefined,
      WAIT,
    );

    await commitElements(server.url, user, canvasId, [rectangle('peer-0')]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="count"]')?.textContent === '1',
      undefined,
      WAIT,
    );
    const ids = await page.evaluate(() =>
      (
        document.querySelector('tabula-whiteboard') as unknown as { elements: { id: string }[] }
      ).elements.map((element) => element.id),
    );
    expect(ids).toEqual(['peer-0']);
    expect(await text(page, 'error')).toBe('');
    // Everything came from the page's origin and the Tabula server (fonts included).
    expect(guard.outside).toEqual([]);
    await context.close();
  });
});
