/**
 * Issue #8 items 3, 4 and 6 in Chromium: a partner's stroke shows while it is drawn and is
 * replaced by the committed element (one `LineDrawn` with its timing); the connection badge
 * goes offline → reconnecting → live and sends what waited; a session ended elsewhere says so,
 * sends the user to sign in and keeps the unsent stroke until they are back on the canvas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SceneElement } from '@tabula/domain';
import { boardElements, boardPreviews, elementsWhenReady } from './board';
import {
  lineDrawnEvents,
  revokeSession,
  seedCanvas,
  ServerClient,
  share,
  tokenOf,
  userIdOf,
} from './serverAccess';
import { startTcpProxy } from './tcpProxy';
import type { TcpProxy } from './tcpProxy';
import {
  baseUrl,
  checkActorsAfterEach,
  boardRegion,
  createCanvas,
  drawZigZag,
  expectToast,
  launchChromium,
  newUser,
  openActor,
  pathOf,
  pickDrawTool,
  signIn,
  signUp,
} from './support';
import type { Actor } from './support';

type Point = readonly [number, number];

const freedraws = (elements: SceneElement[]) =>
  elements.filter((element) => element.type === 'freedraw');

const pointsOf = (element: SceneElement | undefined) =>
  ((element as { points?: Point[] } | undefined)?.points ?? []).length;

/** The connection badge, once it reads `text` (a status, or "n changes waiting"). */
function badge(page: Page, text: string | RegExp) {
  return page.locator('.tabula-connection-badge').filter({ hasText: text });
}

async function expectBadge(page: Page, text: string | RegExp): Promise<void> {
  await badge(page, text).waitFor({ timeout: 30_000 });
}

/** The ids of the freedraw strokes the log holds for `canvasId`. */
function storedStrokeIds(canvasId: string): string[] {
  return lineDrawnEvents(canvasId).flatMap((event) =>
    freedraws(event.elements).map((element) => element.id),
  );
}

describe('live drawing', () => {
  let browser: Browser;
  let drawer: Actor;
  let watcher: Actor;
  let canvasId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    drawer = await openActor(browser);
    watcher = await openActor(browser);
    await signUp(drawer.page, newUser('drawer'));
    await signUp(watcher.page, newUser('watcher'));
    const drawerToken = await tokenOf(drawer.page);
    const watcherToken = await tokenOf(watcher.page);
    const owner = await ServerClient.connect(drawerToken);
    const guest = await ServerClient.connect(watcherToken);
    const canvas = await seedCanvas(owner, drawerToken, 'Ink');
    await share(owner, guest, canvas, await userIdOf(watcherToken));
    owner.close();
    guest.close();
    canvasId = canvas.canvasId;
  });

  checkActorsAfterEach(
    () => ({ drawer, watcher }),
    () => browser,
  );

  it('shows the stroke to the partner while it is drawn, then the committed element only', async () => {
    for (const { page } of [drawer, watcher]) {
      await page.goto(`/livecanvas/${canvasId}`);
      await elementsWhenReady(page, canvasId);
    }
    const { x, y, width, height } = await boardRegion(drawer.page, 0.35, 0.3, 0.45, 0.4);
    const mouse = drawer.page.mouse;
    await pickDrawTool(drawer.page);
    await mouse.move(x, y + height / 2);
    await mouse.down();
    for (let i = 1; i <= 8; i++) {
      await mouse.move(x + (width * i) / 16, y + height * (i % 2 ? 0.2 : 0.8), { steps: 4 });
    }

    // The button is still down: the watcher already shows the stroke (on its peer layer, not
    // in its editor's scene), and nothing is stored yet.
    await expect
      .poll(async () => pointsOf(freedraws(await boardPreviews(watcher.page))[0]))
      .toBeGreaterThan(4);
    expect(storedStrokeIds(canvasId)).toEqual([]);
    expect(freedraws(await boardElements(watcher.page))).toEqual([]);
    const [partial] = freedraws(await boardPreviews(watcher.page));
    const strokeId = partial!.id;

    // It keeps following the pen.
    for (let i = 9; i <= 16; i++) {
      await mouse.move(x + (width * i) / 16, y + height * (i % 2 ? 0.2 : 0.8), { steps: 4 });
    }
    await expect
      .poll(async () => pointsOf(freedraws(await boardPreviews(watcher.page))[0]))
      .toBeGreaterThan(pointsOf(partial));
    await mouse.up();

    await expect.poll(() => storedStrokeIds(canvasId)).toEqual([strokeId]);
    const [commit] = lineDrawnEvents(canvasId).filter((event) =>
      event.elements.some((element) => element.id === strokeId),
    );
    const committed = commit!.elements.find((element) => element.id === strokeId)!;

    // The watcher shows the committed copy, and no preview is left beside or instead of it.
    await expect
      .poll(async () =>
        freedraws(await boardElements(watcher.page)).map((element) => ({
          id: element.id,
          version: element.version,
          versionNonce: element.versionNonce,
          points: pointsOf(element),
        })),
      )
      .toEqual([
        {
          id: strokeId,
          version: committed.version,
          versionNonce: committed.versionNonce,
          points: pointsOf(committed),
        },
      ]);
    await expect.poll(async () => freedraws(await boardPreviews(watcher.page))).toEqual([]);

    // The gesture's timing: one time per point, from the start, never going back.
    const times = commit!.timing?.[strokeId] ?? [];
    expect(times).toHaveLength(pointsOf(committed));
    expect(times[0]).toBeGreaterThanOrEqual(0);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(times.at(-1)!).toBeGreaterThan(0);
  });
});

describe('connection status', () => {
  let browser: Browser;
  let proxy: TcpProxy;
  let user: Actor;
  const account = newUser('roamer');

  beforeAll(async () => {
    browser = await launchChromium();
    proxy = await startTcpProxy(baseUrl());
    user = await openActor(browser, undefined, proxy.url);
    await signUp(user.page, account);
  });

  checkActorsAfterEach(
    () => ({ user }),
    () => browser,
  );

  afterAll(async () => {
    await proxy?.close();
  });

  it('goes offline → reconnecting → live, and sends what waited', async () => {
    const { page, context } = user;
    const canvasId = await createCanvas(page);
    await elementsWhenReady(page, canvasId);
    await expectBadge(page, /^Live$/);

    proxy.cut();
    await context.setOffline(true);
    await expectBadge(page, /^Offline/);
    await drawZigZag(page, await boardRegion(page, 0.3, 0.3, 0.3, 0.3));
    await expectBadge(page, 'Offline · 1 change waiting');

    await context.setOffline(false);
    await expectBadge(page, /^Reconnecting…/);
    expect(storedStrokeIds(canvasId)).toEqual([]);

    proxy.restore();
    await expectBadge(page, /^Live$/);
    await expect.poll(() => storedStrokeIds(canvasId)).toHaveLength(1);
  });

  it('a session ended elsewhere says so, sends the user to sign in and keeps the unsent stroke', async () => {
    const { page } = user;
    const canvasId = await createCanvas(page);
    await elementsWhenReady(page, canvasId);
    await expectBadge(page, /^Live$/);

    proxy.cut();
    await expectBadge(page, /^(Reconnecting|Offline)/);
    await drawZigZag(page, await boardRegion(page, 0.3, 0.3, 0.3, 0.3));
    await expectBadge(page, /1 change waiting$/);
    await revokeSession(await tokenOf(page));
    proxy.restore();

    await expectToast(
      page,
      'You were signed out on another device. Sign in again to save your work.',
    );
    await expect.poll(() => pathOf(page)).toBe('/signin');
    expect(storedStrokeIds(canvasId)).toEqual([]);

    await signIn(page, account);
    await page.goto(`/canvas/${canvasId}`);
    await elementsWhenReady(page, canvasId);
    await expect.poll(() => storedStrokeIds(canvasId)).toHaveLength(1);
    await expectBadge(page, /^Live$/);
    expect(freedraws(await boardElements(page))).toHaveLength(1);
  });
});
