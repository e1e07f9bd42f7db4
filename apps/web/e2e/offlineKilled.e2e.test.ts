/**
 * Issue #27 point 3 in Chromium against the real server (docs/offline.md "Canvases on the
 * device"): 50 strokes and a picture drawn offline survive a closed tab and a browser killed
 * like a crash; a new browser on the same profile, still offline, shows them; back online the
 * partner gets every one and the picture, and the server's log holds each stroke once.
 * Reports the time from the network's return to the last of them acknowledged.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, guardLocalOnly } from '@tabula/testing';
import type { SceneElement } from '@tabula/domain';
import { boardElements, dropPicture, elementsWhenReady } from './board';
import {
  controlled,
  drawStrokes,
  expectKeptScene,
  keptOnDevice,
  magentaPixels,
  storedTimes,
} from './offlineDevice';
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

const STROKES = 50;

/** Chromium on `profile` as a user's browser, through `url`, offline from the start if told. */
async function persistentActor(profile: string, url: string, offline: boolean): Promise<Actor> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS],
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    offline,
  });
  context.setDefaultTimeout(60_000);
  const guard = await guardLocalOnly(context);
  await context.addInitScript(() => {
    window.__TABULA_PROBE__ = true;
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, guard };
}

/** The browser process of `profile` (not its renderers or helpers). */
function browserProcess(profile: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith('--type=')))
      return Number(entry);
  }
  throw new Error(`No browser runs on ${profile}`);
}

/** True once the process is gone (or a zombie waiting for its parent). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

/** Kills the browser on `profile` like a crash (SIGKILL) and waits until it is gone. */
async function killBrowser(profile: string, context: BrowserContext): Promise<void> {
  const pid = browserProcess(profile);
  const closed = new Promise((resolve) => context.once('close', resolve));
  process.kill(pid, 'SIGKILL');
  await expect.poll(() => gone(pid), { timeout: 60_000 }).toBe(true);
  await closed;
}

const images = (elements: readonly SceneElement[]) =>
  elements.filter((element) => element.type === 'image');

describe('drawing offline through a killed browser', () => {
  let browser: Browser;
  let proxy: TcpProxy;
  let partner: Actor;
  let owner: Actor | undefined;
  const profile = mkdtempSync(path.join(tmpdir(), 'tabula-offline-profile-'));

  beforeAll(async () => {
    browser = await launchChromium();
    proxy = await startTcpProxy(baseUrl());
    partner = await openActor(browser);
    await signUp(partner.page, newUser('partner'));
  });

  checkActorsAfterEach(
    () => ({ partner, owner }),
    () => browser,
  );

  afterAll(async () => {
    await owner?.context.close().catch(() => undefined);
    await proxy?.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  });

  it(
    'keeps 50 strokes and a picture through a closed tab and a killed browser, and sends each once',
    { timeout: 600_000 },
    async () => {
      owner = await persistentActor(profile, proxy.url, false);
      await signUp(owner.page, newUser('traveller'));
      const ownerToken = await tokenOf(owner.page);
      const ownerClient = await ServerClient.connect(ownerToken);
      const partnerClient = await ServerClient.connect(await tokenOf(partner.page));
      const canvas = await seedCanvas(ownerClient, ownerToken, 'Train ride');
      await share(ownerClient, partnerClient, canvas, await userIdOf(await tokenOf(partner.page)));
      ownerClient.close();
      partnerClient.close();

      await owner.page.goto('/canvases');
      await owner.page.getByRole('heading', { name: 'All Canvases' }).waitFor();
      await controlled(owner.page);
      await owner.page.goto(`/canvas/${canvas.canvasId}`);
      await elementsWhenReady(owner.page, canvas.canvasId, 60_000);
      await expectKeptScene(owner.page, canvas.canvasId, 1);
      await partner.page.goto(`/livecanvas/${canvas.canvasId}`);
      await elementsWhenReady(partner.page, canvas.canvasId, 60_000);

      // Offline: 50 strokes and a picture, each kept on the device.
      proxy.cut();
      await owner.context.setOffline(true);
      // The picture first: the editor reports its file with its next change (a stroke).
      await dropPicture(owner.page, { x: 0.8, y: 0.85 });
      await expect.poll(async () => images(await boardElements(owner!.page)).length).toBe(1);
      await drawStrokes(owner.page, STROKES);
      const drawnScene = await boardElements(owner.page);
      const strokes = drawnScene.filter((e) => e.type === 'freedraw').map((e) => e.id);
      expect(strokes).toHaveLength(STROKES);
      const picture = images(drawnScene)[0]! as SceneElement & { fileId: string };
      await expect
        .poll(
          async () => {
            const kept = await keptOnDevice(owner!.page, canvas.canvasId);
            const missing = [...strokes, picture.id].filter((id) => !kept.outboxIds.includes(id));
            return { missing, file: kept.files.includes(picture.fileId) };
          },
          { timeout: 60_000 },
        )
        .toEqual({ missing: [], file: true });
      expect(storedTimes(canvas.canvasId).size).toBe(1);

      // The tab closed, then the browser killed like a crash.
      await owner.page.close();
      await killBrowser(profile, owner.context);

      // A new browser on the same profile, still offline: all of it is there.
      owner = await persistentActor(profile, proxy.url, true);
      await owner.page.goto(`/canvas/${canvas.canvasId}`);
      const reopened = await elementsWhenReady(owner.page, canvas.canvasId, 120_000);
      const ids = reopened.map((element) => element.id);
      expect(strokes.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids).toContain(picture.id);
      await expect.poll(() => magentaPixels(owner!.page)).toBeGreaterThan(0);

      // Online again: sent, in order, each once; the partner gets all of it.
      const back = performance.now();
      await owner.context.setOffline(false);
      proxy.restore();
      await expect
        .poll(async () => (await keptOnDevice(owner!.page, canvas.canvasId)).outbox, {
          timeout: 120_000,
          interval: 50,
        })
        .toBe(0);
      const ackedMs = performance.now() - back;
      console.info(
        `[figures] ${STROKES} strokes and a picture drawn offline, through a killed browser: ` +
          `all acknowledged ${ackedMs.toFixed(0)} ms after the network came back (the session ` +
          'checked, the socket opened, the canvas joined, the outbox sent)',
      );
      await expect
        .poll(
          async () => {
            const seen = (await boardElements(partner.page)).map((element) => element.id);
            return [...strokes, picture.id].filter((id) => !seen.includes(id)).length;
          },
          { timeout: 60_000 },
        )
        .toBe(0);
      await expect.poll(() => magentaPixels(partner.page), { timeout: 60_000 }).toBeGreaterThan(0);
      const stored = storedTimes(canvas.canvasId);
      expect(strokes.map((id) => stored.get(id))).toEqual(strokes.map(() => 1));
      expect(stored.get(picture.id)).toBeGreaterThanOrEqual(1);
    },
  );
});
