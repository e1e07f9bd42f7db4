/**
 * Issue #27 points 3 and 4 in Chromium against the real server (docs/offline.md "Canvases on
 * the device"), each browser's network taken away as a train tunnel does (a TCP proxy cut,
 * and the browser told it is offline): two tabs of one canvas share one outbox and every
 * stroke is stored once; a canvas taken from you while you drew offline says so, applies
 * nothing and offers what you drew as a file; storage near its quota is warned of and nothing
 * drawn is lost.
 */
import { readFile } from 'node:fs/promises';
import type {} from '../src/features/canvases/boardProbe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SceneElement } from '@tabula/domain';
import { boardElements, elementsWhenReady } from './board';
import { drawStrokes, expectOutbox, keptOnDevice, storedTimes, syncPill } from './offlineDevice';
import { seedCanvas, ServerClient, share, tokenOf, userIdOf } from './serverAccess';
import {
  baseUrl,
  checkActorsAfterEach,
  launchChromium,
  newUser,
  openActor,
  signUp,
} from './support';
import type { Actor } from './support';
import { startTcpProxy } from './tcpProxy';
import type { TcpProxy } from './tcpProxy';

/** What the device still keeps of `userId`: kept canvases, changes, and the kept lists. */
function deviceHolds(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`tabula:${id}`);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      const count = (store: string) =>
        new Promise<number>((resolve) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
        });
      return {
        canvases: await count('canvases'),
        outbox: await count('outbox'),
        lists: localStorage.getItem('canvas-lists'),
      };
    } finally {
      db.close();
    }
  }, userId);
}

const freedrawIds = (elements: readonly SceneElement[]) =>
  elements.filter((element) => element.type === 'freedraw').map((element) => element.id);

/** The board's freedraw strokes' ids, sorted. */
async function strokeIds(page: Page): Promise<string[]> {
  return freedrawIds(await boardElements(page)).sort();
}

describe('drawing offline', () => {
  let browser: Browser;
  let proxy: TcpProxy;
  let actor: Actor;
  let client: ServerClient;
  let token: string;

  beforeAll(async () => {
    browser = await launchChromium();
    proxy = await startTcpProxy(baseUrl());
    actor = await openActor(browser, undefined, proxy.url);
    await signUp(actor.page, newUser('tunnel'));
    token = await tokenOf(actor.page);
    client = await ServerClient.connect(token);
  });

  checkActorsAfterEach(
    () => ({ actor }),
    () => browser,
  );

  afterEach(async () => {
    await online();
  });

  afterAll(async () => {
    client?.close();
    await proxy?.close();
  });

  async function offline(): Promise<void> {
    proxy.cut();
    await actor.context.setOffline(true);
  }

  async function online(): Promise<void> {
    await actor.context.setOffline(false);
    proxy.restore();
  }

  it('two tabs of one canvas share one outbox: each shows the other’s strokes, every stroke is stored once', async () => {
    const canvas = await seedCanvas(client, token, 'Two tabs');
    const tabs = [actor.page, await actor.context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`/canvas/${canvas.canvasId}`);
      await elementsWhenReady(tab, canvas.canvasId, 60_000);
    }
    await offline();
    for (const tab of tabs)
      await expect.poll(() => syncPill(tab).textContent()).toMatch(/^Offline/);
    await drawStrokes(tabs[0]!, 3, 0);
    await drawStrokes(tabs[1]!, 3, 3);
    await expectOutbox(tabs[0]!, canvas.canvasId, 6);
    // Each tab counts the shared outbox and shows the other's strokes, read from it.
    for (const tab of tabs)
      await expect.poll(() => syncPill(tab).textContent()).toMatch(/^Offline · 6 changes waiting/);
    const drawn = [
      ...new Set([...(await strokeIds(tabs[0]!)), ...(await strokeIds(tabs[1]!))]),
    ].sort();
    expect(drawn).toHaveLength(6);
    for (const tab of tabs) await expect.poll(() => strokeIds(tab)).toEqual(drawn);

    await online();
    await expectOutbox(tabs[0]!, canvas.canvasId, 0);
    const stored = storedTimes(canvas.canvasId);
    expect(drawn.map((id) => stored.get(id))).toEqual(drawn.map(() => 1));
    // Online, each tab still shows every stroke (the one that sent the other's too), and so
    // does each tab opened again.
    for (const tab of tabs) await expect.poll(() => strokeIds(tab)).toEqual(drawn);
    for (const tab of tabs) {
      await tab.reload();
      await elementsWhenReady(tab, canvas.canvasId, 60_000);
      // It opens with the copy kept before, then catches up.
      await expect.poll(() => strokeIds(tab)).toEqual(drawn);
    }
    await tabs[1]!.close();
  });

  it('a canvas taken from you while offline: the message, nothing applied, the drawing offered as a file', async () => {
    const lender = await openActor(browser);
    await signUp(lender.page, newUser('lender'));
    const ownerToken = await tokenOf(lender.page);
    expect(lender.guard.outside).toEqual([]);
    await lender.context.close();
    const ownerClient = await ServerClient.connect(ownerToken);
    const canvas = await seedCanvas(ownerClient, ownerToken, 'Lent canvas');
    const guestId = await userIdOf(token);
    await share(ownerClient, client, canvas, guestId);

    const { page } = actor;
    await page.goto(`/livecanvas/${canvas.canvasId}`);
    await elementsWhenReady(page, canvas.canvasId, 60_000);
    await offline();
    await drawStrokes(page, 2);
    await expectOutbox(page, canvas.canvasId, 2);
    const drawn = await strokeIds(page);
    await ownerClient.request('remove-user', {
      adminUserId: await userIdOf(ownerToken),
      canvasId: canvas.canvasId,
      toUserId: guestId,
    });
    ownerClient.close();

    await online();
    const dialog = page.getByRole('dialog', { name: 'Your offline changes were not saved' });
    await dialog.waitFor();
    await page.locator('.tb-unavailable__title').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download them' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/ \(offline changes\)\.excalidraw$/);
    const saved = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      type: string;
      elements: SceneElement[];
    };
    expect(saved.type).toBe('excalidraw');
    expect(freedrawIds(saved.elements).sort()).toEqual(drawn);
    await dialog.waitFor({ state: 'detached' });
    // Handed over: they leave the device; the server stored none of them.
    await expect.poll(async () => (await keptOnDevice(page, canvas.canvasId)).outbox).toBe(0);
    const stored = storedTimes(canvas.canvasId);
    expect(drawn.filter((id) => stored.has(id))).toEqual([]);
  });

  it('storage near its quota: warned before anything is refused, nothing drawn is lost', async () => {
    const { page } = actor;
    const canvas = await seedCanvas(client, token, 'Full disk');
    await page.goto(`/canvas/${canvas.canvasId}`);
    await elementsWhenReady(page, canvas.canvasId, 60_000);
    // A quota 7 % above what the origin uses now (the app's test hook: Chromium ignores
    // DevTools' quota override in a headless browser).
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    expect(usage).toBeGreaterThan(0);
    await actor.context.addInitScript(
      (quota) => {
        window.__TABULA_STORAGE_QUOTA__ = quota;
      },
      Math.ceil(usage / 0.93),
    );
    // The engine looks at the quota when the board opens, then after it kept a scene or a file.
    await page.reload();
    await elementsWhenReady(page, canvas.canvasId, 60_000);
    const warning = page.getByRole('alert').filter({ hasText: "This device's storage is" });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('nearly full');

    await offline();
    const strokes = 5;
    await drawStrokes(page, strokes);
    await expectOutbox(page, canvas.canvasId, strokes);
    const drawn = await strokeIds(page);
    expect(drawn).toHaveLength(strokes);

    await online();
    await expect.poll(() => syncPill(page).textContent(), { timeout: 60_000 }).toBe('Live');
    // "Live" shows while the last commits are in flight; they leave the device when acked.
    await expectOutbox(page, canvas.canvasId, 0);
    const stored = storedTimes(canvas.canvasId);
    expect(drawn.map((id) => stored.get(id))).toEqual(drawn.map(() => 1));
  });

  it('signing out with changes not sent warns first; signing out forgets what the device keeps', async () => {
    const { page } = actor;
    const canvas = await seedCanvas(client, token, 'Shared computer');
    await page.goto(`/canvas/${canvas.canvasId}`);
    await elementsWhenReady(page, canvas.canvasId, 60_000);
    await offline();
    await drawStrokes(page, 1);
    await expectOutbox(page, canvas.canvasId, 1);

    const dialog = page.getByRole('dialog', { name: 'Changes not saved yet' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await tokenOf(page)).toBe(token);
    expect((await keptOnDevice(page, canvas.canvasId)).outbox).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    const userId = await userIdOf(token);
    await expect
      .poll(() => deviceHolds(page, userId))
      .toEqual({ canvases: 0, outbox: 0, lists: null });
  });
});
