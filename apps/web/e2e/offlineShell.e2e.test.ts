/**
 * Issue #27 point 1 and the signed-in part of point 2 (docs/offline.md "The app shell"): the
 * service worker precaches the app, so a signed-in user who reloads without network gets the
 * app, still signed in; no API answer ever comes from a cache; the server decides the session
 * once the network is back; the web app manifest is served with icons that load. Reports the
 * precache's size and the reload times online and offline.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import type { Browser, Page } from 'playwright-core';
import { boardElements } from './board';
import { revokeSession, tokenOf } from './serverAccess';
import {
  baseUrl,
  boardRegion,
  checkActorsAfterEach,
  createCanvas,
  drawZigZag,
  launchChromium,
  newUser,
  openActor,
  pathOf,
  signUp,
} from './support';
import type { Actor, TestUser } from './support';

/** The build the e2e server serves (as globalSetup.ts finds it). */
const WEB_DIST = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : fileURLToPath(new URL('../dist', import.meta.url));

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until a service worker controls the page (it has precached the app). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 120_000,
  });
}

/** Everything the page's caches hold: each cache's name and URLs, and the bytes of its bodies. */
async function cacheContents(page: Page) {
  return page.evaluate(async () => {
    const result: { name: string; urls: string[]; bytes: number }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const requests = await cache.keys();
      let bytes = 0;
      for (const request of requests) {
        const response = await cache.match(request);
        bytes += response ? (await response.arrayBuffer()).byteLength : 0;
      }
      result.push({ name, urls: requests.map((r) => new URL(r.url).pathname), bytes });
    }
    return result;
  });
}

/** What fetching the user's canvas list from the page gives: a status, or 'no network'. */
function fetchCanvasList(page: Page): Promise<number | 'no network'> {
  return page.evaluate(async () => {
    try {
      const token = localStorage.getItem('token') ?? '';
      const response = await fetch('/canvas/getallcanvases', { headers: { 'auth-token': token } });
      return response.status;
    } catch {
      return 'no network' as const;
    }
  });
}

/** Reloads the page and waits for the canvas list's heading: the milliseconds it took. */
async function reloadToShell(page: Page): Promise<number> {
  const start = performance.now();
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'All Canvases' }).waitFor({ timeout: 60_000 });
  return performance.now() - start;
}

describe('the app shell offline', () => {
  let browser: Browser;
  let actor: Actor;
  let user: TestUser;

  beforeAll(async () => {
    browser = await launchChromium();
    actor = await openActor(browser, undefined, undefined, { serviceWorkers: 'allow' });
    user = newUser('offline');
    await signUp(actor.page, user);
  });

  checkActorsAfterEach(
    () => ({ actor }),
    () => browser,
  );

  afterAll(async () => {
    await actor?.context.setOffline(false);
  });

  it(
    'reloads signed in without network, and never answers the API from a cache',
    { timeout: 600_000 },
    async () => {
      const { page, context } = actor;
      await page.goto('/canvases');
      await page.getByRole('heading', { name: 'All Canvases' }).waitFor();
      await controlled(page);
      expect(await fetchCanvasList(page)).toBe(200);

      const precache = (await cacheContents(page)).filter((c) => c.name.includes('precache'));
      expect(precache).toHaveLength(1);
      const [shell] = precache;
      expect(shell!.urls).toContain('/index.html');
      expect(shell!.urls.some((url) => /^\/assets\/board-[\w-]+\.js$/.test(url))).toBe(true);
      expect(shell!.urls.some((url) => /^\/fonts\/Excalifont\/.+\.woff2$/.test(url))).toBe(true);
      console.info(
        `precache: ${shell!.urls.length} entries, ${shell!.bytes} bytes ` +
          `(${(shell!.bytes / 1024 / 1024).toFixed(2)} MiB)`,
      );

      const onlineMs = await reloadToShell(page);
      await context.setOffline(true);
      const offlineMs = await reloadToShell(page);
      console.info(
        `reload to the canvas list: online ${onlineMs.toFixed(0)} ms, offline ${offlineMs.toFixed(0)} ms`,
      );

      // Still signed in: the list's screen, the user in the top bar, the token kept.
      expect(pathOf(page)).toBe('/canvases');
      await page.getByRole('link', { name: user.username }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      // The API is never answered from a cache, though it answered this very call online.
      expect(await fetchCanvasList(page)).toBe('no network');
      for (const cache of await cacheContents(page)) {
        expect(cache.urls.filter((url) => /^\/(auth|canvas|api|socket\.io)\//.test(url))).toEqual(
          [],
        );
      }
      // A navigation to a server route is the server's, never the app's page from the cache.
      const probe = await context.newPage();
      await expect(probe.goto('/auth/fetchuser')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await probe.close();
      // A new tab on one of the app's routes is the app, signed in, offline too.
      const tab = await context.newPage();
      await tab.goto('/profile');
      await tab.getByRole('link', { name: user.username }).first().waitFor();
      expect(pathOf(tab)).toBe('/profile');
      // A canvas screen offline: the board's code comes from the precache, nothing fails to load.
      const failed: string[] = [];
      tab.on('requestfailed', (request) => {
        if (/\/(assets|fonts)\//.test(request.url())) failed.push(request.url());
      });
      const board = tab.waitForResponse((r) => /\/assets\/board-[\w-]+\.js$/.test(r.url()));
      await tab.goto('/canvas/0b6f1f8e5c7d4a7e9a4e1d2c');
      expect((await board).ok()).toBe(true);
      await tab.waitForLoadState('load');
      expect(failed).toEqual([]);
      await tab.close();
    },
  );

  it('lets the server decide the kept session when the network is back', async () => {
    // Offline since the previous test: the session ends elsewhere meanwhile.
    const { page, context } = actor;
    expect(pathOf(page)).toBe('/canvases');
    await revokeSession(await tokenOf(page));

    await context.setOffline(false);

    await page.waitForURL((url) => url.pathname === '/signin', { timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('session-user'))).toBeNull();
  });

  it('serves a web app manifest with icons that load, and no-cache for what is not hashed', async () => {
    const { page } = actor;
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const response = await page.request.get(new URL(manifestHref!, baseUrl()).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Tabula', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(new URL(icon.src, baseUrl()).href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe(icon.type);
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    const worker = await page.request.get(new URL('/sw.js', baseUrl()).href);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const asset = await page.request.get(new URL(script!, baseUrl()).href);
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});

/**
 * Deploys "version 2" of the build in `dist`: index.html gets a marker and the service
 * worker's precache list a new revision of it, so browsers see a new service worker.
 */
function deployNewVersion(dist: string): void {
  const indexFile = path.join(dist, 'index.html');
  writeFileSync(
    indexFile,
    readFileSync(indexFile, 'utf8').replace(
      '<head>',
      '<head><meta name="tabula-build" content="2">',
    ),
  );
  const workerFile = path.join(dist, 'sw.js');
  const worker = readFileSync(workerFile, 'utf8');
  const next = worker.replace(/(url:"index\.html",revision:")[^"]+"/, '$1version-2"');
  expect(next).not.toBe(worker);
  writeFileSync(workerFile, next);
  // The server prefers the build's compressed copies: they would still be version 1.
  for (const file of [indexFile, workerFile]) {
    for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
  }
}

/** Hang guard of a step that waits on a service worker's install on a loaded machine. */
const WORKER_STEP = { timeout: 120_000 };

/** The update notice's text on the page (empty when none shows). */
function updateNotice(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('.tabula-update')?.textContent ?? '');
}

describe('a new version of the app', () => {
  let browser: Browser;
  let server: TabulaServer;
  let dist: string;
  let actor: Actor;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tabula-web-update-'));
    cpSync(WEB_DIST, dist, { recursive: true });
    server = await startTabulaServer({ webDist: dist });
    browser = await launchChromium();
    actor = await openActor(browser, undefined, server.url, { serviceWorkers: 'allow' });
    await signUp(actor.page, newUser('update'));
  });

  checkActorsAfterEach(
    () => ({ actor }),
    () => browser,
  );

  afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it(
    'waits for the user and never reloads an open board from under them',
    { timeout: 600_000 },
    async () => {
      const { page: board, context } = actor;
      await createCanvas(board);
      await controlled(board);
      await drawZigZag(board, await boardRegion(board, 0.2, 0.2, 0.3, 0.3));
      await expect.poll(async () => (await boardElements(board)).length).toBe(1);
      // Gone if the page reloads.
      await board.evaluate(() => Object.assign(window, { __sameDocument: true }));
      const list = await context.newPage();
      await list.goto('/canvases');
      await list.getByRole('heading', { name: 'All Canvases' }).waitFor();

      deployNewVersion(dist);
      await list.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      await expect
        .poll(() => updateNotice(list), WORKER_STEP)
        .toContain('A new version of Tabula is ready.');
      await expect
        .poll(() => updateNotice(board), WORKER_STEP)
        .toContain('A new version of Tabula is ready.');
      await list.getByRole('button', { name: 'Reload' }).click();
      await list.locator('meta[name="tabula-build"]').waitFor({ state: 'attached' });
      await list.getByRole('heading', { name: 'All Canvases' }).waitFor();

      // The board's tab is told, not reloaded, and goes on drawing.
      await expect
        .poll(() => updateNotice(board), WORKER_STEP)
        .toContain('Tabula was updated in another tab');
      expect(await board.evaluate(() => '__sameDocument' in window)).toBe(true);
      await drawZigZag(board, await boardRegion(board, 0.5, 0.5, 0.3, 0.3));
      await expect.poll(async () => (await boardElements(board)).length).toBe(2);
      // Its Reload picks up the new version, with the drawing.
      await board.getByRole('button', { name: 'Reload' }).click();
      await board.locator('meta[name="tabula-build"]').waitFor({ state: 'attached' });
      await expect.poll(async () => (await boardElements(board)).length).toBe(2);
      await list.close();
    },
  );
});
