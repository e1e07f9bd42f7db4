/**
 * Issue #10 points 1 and 4 in Chromium, at 1280 × 800, 1366 × 768 and 390 × 844: behind a
 * transparent board the background reads as a background (soft, low contrast, no shapes), the
 * same picture for everyone on the canvas; the canvas header names the other people of a live
 * canvas with a dot on those in the room now, Excalidraw's "+1" list is gone and the backdrop
 * button keeps its size.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { elementsWhenReady } from './board';
import { API_PATHS } from '@tabula/domain/protocol';
import type { CanvasSummary } from '@tabula/domain/protocol';
import { ServerClient, share, tokenOf, userIdOf } from './serverAccess';
import {
  baseUrl,
  checkActorsAfterEach,
  expectAccessible,
  launchChromium,
  newUser,
  signedUpActors,
  whiteboard,
} from './support';
import type { Actor, TestUser } from './support';

/** The spec's rotation of the app background. */
const ROTATION_MS = 30_000;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/**
 * What a picture looks like, in luma (0–255): its range (contrast) and the largest step
 * between pixels two apart (an edge: the outline of a shape, a stroke, a dot).
 */
interface PixelStats {
  range: number;
  edge: number;
  mean: number;
}

/** Measures a PNG in a page of its own (Chromium decodes it). */
async function pixelStats(browser: Browser, png: Buffer): Promise<PixelStats> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const luma = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      };
      let min = 255;
      let max = 0;
      let edge = 0;
      let sum = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const here = luma(x, y);
          sum += here;
          min = Math.min(min, here);
          max = Math.max(max, here);
          if (x >= 2) edge = Math.max(edge, Math.abs(here - luma(x - 2, y)));
          if (y >= 2) edge = Math.max(edge, Math.abs(here - luma(x, y - 2)));
        }
      }
      return { range: max - min, edge, mean: sum / (width * height) };
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

/** Soft and low contrast, with nothing drawn-looking in it. */
function expectCalm(stats: PixelStats, what: string): void {
  expect(stats.range, `${what}: contrast`).toBeLessThanOrEqual(20);
  expect(stats.edge, `${what}: edges`).toBeLessThanOrEqual(4);
}

/** Waits until the background's cross-fade (and any other transition) has finished. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** The background picture shown now (the active layer's CSS background image). */
function activeBackground(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (document.querySelector('[data-testid="background"] .is-active') as HTMLElement | null)?.style
        .backgroundImage ?? '',
  );
}

/** The empty middle of the board (clear of Excalidraw's toolbars and the status badge). */
async function emptyBoardClip(page: Page) {
  const box = await whiteboard(page).boundingBox();
  if (!box) throw new Error('The whiteboard is not on screen.');
  return {
    x: Math.round(box.x + box.width * 0.04),
    y: Math.round(box.y + box.height * 0.3),
    width: Math.round(box.width * 0.92),
    height: Math.round(box.height * 0.55),
  };
}

/** A new, empty canvas of the token's user. */
async function emptyCanvas(token: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${API_PATHS.createCanvas}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify({ name }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { data: CanvasSummary }).data._id;
}

/** Opens the live canvas and waits for its board to be ready. */
async function openLiveCanvas(page: Page, canvasId: string): Promise<void> {
  await page.goto(`/livecanvas/${canvasId}`);
  await elementsWhenReady(page, canvasId);
}

/** The header's list of the canvas's other people. */
function headerPeople(page: Page) {
  return page.locator('header').getByRole('list', { name: 'People on this canvas' });
}

/** Moves the mouse across the middle of the board, as someone looking at it does. */
async function lookAtBoard(page: Page): Promise<void> {
  const box = await whiteboard(page).boundingBox();
  if (!box) throw new Error('The whiteboard is not on screen.');
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.move(box.x + box.width * (0.4 + i * 0.02), box.y + box.height * 0.5, {
      steps: 2,
    });
  }
}

describe('canvas chrome', () => {
  let browser: Browser;
  let owner: Actor;
  let guest: Actor | undefined;
  const ownerUser: TestUser = newUser('chromeowner');
  const guestUser: TestUser = newUser('chromeguest');
  let canvasId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    [owner, guest] = (await signedUpActors(browser, ownerUser, guestUser)) as [Actor, Actor];
    const ownerToken = await tokenOf(owner.page);
    canvasId = await emptyCanvas(ownerToken, 'Chrome check');
    const guestToken = await tokenOf(guest.page);
    const ownerClient = await ServerClient.connect(ownerToken);
    const guestClient = await ServerClient.connect(guestToken);
    await share(
      ownerClient,
      guestClient,
      { canvasId, name: 'Chrome check' },
      await userIdOf(guestToken),
    );
    ownerClient.close();
    guestClient.close();
  });

  checkActorsAfterEach(
    () => ({ owner, guest }),
    () => browser,
  );

  it('shows a soft background with no shapes behind a transparent board, at every size', async () => {
    const { page } = owner;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await openLiveCanvas(page, canvasId);
      await expect
        .poll(() => page.getByTestId('tabula-backdrop-button').getAttribute('data-backdrop'))
        .toBe('transparent');
      // The pointer rests on the header, off the board.
      await page.mouse.move(viewport.width / 2, 80);
      await settled(page);
      const shot = await page.screenshot({ clip: await emptyBoardClip(page) });
      expectCalm(await pixelStats(browser, shot), `board at ${viewport.width}`);
    }
  });

  it('rotates through three pictures that are all calm', async () => {
    const { page } = owner;
    await openLiveCanvas(page, canvasId);
    const pictures = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="background"] > div')].map(
        (layer) => layer.style.backgroundImage,
      ),
    );
    expect(pictures).toHaveLength(3);
    const viewer = await browser.newPage({ viewport: VIEWPORTS[0] });
    try {
      for (const [i, picture] of pictures.entries()) {
        await viewer.evaluate(async (image) => {
          const source = /^url\("(.*)"\)$/.exec(image)?.[1] ?? '';
          const preload = new Image();
          preload.src = source;
          await preload.decode();
          const layer = document.createElement('div');
          layer.style.cssText = 'position:fixed;inset:0;background:center / cover no-repeat';
          layer.style.backgroundImage = image;
          document.body.replaceChildren(layer);
        }, picture);
        const stats = await pixelStats(browser, await viewer.screenshot());
        // Painted (not the blank page's white)…
        expect(stats.mean, `picture ${i + 1}: painted`).toBeLessThan(253);
        // …and calm.
        expectCalm(stats, `picture ${i + 1}`);
      }
    } finally {
      await viewer.close();
    }
  });

  it('shows everyone on the canvas the same background, whenever each opened it', async () => {
    // Both clocks read the same time, early in a 30 s period (the pictures change on each).
    const start = Math.floor(Date.now() / ROTATION_MS) * ROTATION_MS + 1_000;
    for (const actor of [owner, guest!]) await actor.context.clock.install({ time: start });
    await openLiveCanvas(owner.page, canvasId);
    await guest!.page.goto('/livecanvases');
    // 30 s go by: the owner has been on the canvas all along, the guest opens it only now.
    await owner.page.clock.fastForward(ROTATION_MS);
    await guest!.page.clock.fastForward(ROTATION_MS);
    await openLiveCanvas(guest!.page, canvasId);
    await settled(owner.page);
    expect(await activeBackground(owner.page)).toMatch(/^url\(/);
    expect(await activeBackground(guest!.page)).toBe(await activeBackground(owner.page));
  });

  it('names the people of the canvas, with the dot on those in the room now', async () => {
    const ownerPage = owner.page;
    await ownerPage.setViewportSize(VIEWPORTS[0]);
    await openLiveCanvas(ownerPage, canvasId);
    // The guest is online, but on another screen: named, no dot.
    await guest!.page.goto('/livecanvases');
    const people = headerPeople(ownerPage);
    await expect.poll(() => people.textContent()).toContain(guestUser.username);
    await expect
      .poll(() => people.getByRole('img', { name: guestUser.username, exact: true }).count())
      .toBe(1);
    expect(await people.getByTestId('avatar-status-dot').count()).toBe(0);

    // The guest opens the canvas and looks at it: the dot, on both sides of the header.
    await openLiveCanvas(guest!.page, canvasId);
    await lookAtBoard(guest!.page);
    await people.getByRole('img', { name: `${guestUser.username}, here now` }).waitFor();
    await lookAtBoard(ownerPage);
    await headerPeople(guest!.page)
      .getByRole('img', { name: `${ownerUser.username}, here now` })
      .waitFor();
    expect(await headerPeople(guest!.page).textContent()).toContain('owner');
    await expectAccessible(ownerPage, 'a live canvas with its people');

    for (const viewport of VIEWPORTS) {
      await ownerPage.setViewportSize(viewport);
      // No "+1" from Excalidraw's own list, and the backdrop button keeps its full size.
      expect(await ownerPage.locator('.excalidraw .UserList__wrapper').isVisible()).toBe(false);
      await expect
        .poll(
          async () => (await ownerPage.getByTestId('tabula-backdrop-button').boundingBox())?.width,
        )
        .toBeGreaterThanOrEqual(36);
      if (viewport.width > 600) {
        await expect.poll(() => people.isVisible()).toBe(true);
      } else {
        // No room in a phone's header: the sidebar lists them.
        await expect.poll(() => people.isVisible()).toBe(false);
        // (Opened on a wide screen, the sidebar is still open, over the board.)
        const show = ownerPage.getByRole('button', { name: 'Show sidebar' });
        if (await show.isVisible()) await show.click();
        const panel = ownerPage.getByRole('region', { name: 'On this canvas' });
        await panel.getByRole('img', { name: `${guestUser.username}, here now` }).waitFor();
        expect(await panel.textContent()).toContain(guestUser.username);
      }
    }

    // The guest closes the tab: still a member, no longer here.
    await guest!.context.close();
    guest = undefined;
    await ownerPage.setViewportSize(VIEWPORTS[0]);
    await people.getByRole('img', { name: guestUser.username, exact: true }).waitFor();
    expect(await people.getByTestId('avatar-status-dot').count()).toBe(0);
  });
});
