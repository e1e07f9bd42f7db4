/**
 * Issue 10 point 3, canvas cards worth looking at: a card shows a picture of its canvas's
 * drawing (none for an empty canvas), says when it was last edited, shows the new drawing
 * after a change, and the live list's cards show theirs too. The picture is checked as a
 * person sees it: decoded by Chromium, with ink where the drawing is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  boardRegion,
  checkActorsAfterEach,
  createCanvas,
  drawZigZag,
  expectAccessible,
  launchChromium,
  newUser,
  openActor,
  pathOf,
  signUp,
  whiteboard,
  baseUrl,
} from './support';
import type { Actor } from './support';
import { API_PATHS } from '@tabula/domain/protocol';
import type { CanvasSummary } from '@tabula/domain/protocol';
import { ServerClient, lineDrawnEvents, share, tokenOf, userIdOf } from './serverAccess';

/** The card of the canvas named `name` on the page's list. */
function card(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: name });
}

/**
 * What the card's picture shows once Chromium has decoded it: its size, how many of its pixels
 * are ink (dark enough to be a stroke), and that ink in 8 horizontal bands, top to bottom; null
 * when the card has no picture.
 */
function pictureOf(cardLocator: Locator) {
  return cardLocator.evaluate(async (element) => {
    const img = element.querySelector('img');
    if (!img) return null;
    await img.decode().catch(() => undefined);
    const bands = Array.from({ length: 8 }, () => 0);
    const { naturalWidth: width, naturalHeight: height } = img;
    if (width === 0) return { width, height, ink: 0, bands, src: img.src };
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, width, height);
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 128 && data[i]! + data[i + 1]! + data[i + 2]! < 300) {
        bands[Math.floor((Math.floor(i / 4 / width) / height) * 8)]! += 1;
      }
    }
    return { width, height, ink: bands.reduce((a, b) => a + b, 0), bands, src: img.src };
  });
}

/** True when the bands show two separate drawings, one above the other (an empty band between). */
function twoApart(bands: readonly number[] | undefined): boolean {
  if (!bands) return false;
  // A band with a few pixels of a neighbour's antialiased edge still reads as empty.
  const inked = bands.map((ink) => ink > Math.max(...bands) * 0.03);
  const first = inked.indexOf(true);
  const last = inked.lastIndexOf(true);
  return first >= 0 && inked.slice(first, last).includes(false);
}

/** When the server's canvas list says `canvasId` was last edited. */
async function editedAtOf(token: string, canvasId: string): Promise<string | undefined> {
  const answer = await fetch(`${baseUrl()}${API_PATHS.getAllCanvases}`, {
    headers: { 'auth-token': token },
  });
  const { data } = (await answer.json()) as { data: CanvasSummary[] };
  return data.find((canvas) => canvas._id === canvasId)?.editedAt;
}

/** Follows a link of the top bar, as a person moves around the app (no reload). */
async function goTo(page: Page, link: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect.poll(() => pathOf(page)).toBe(path);
}

async function canvasName(page: Page): Promise<string> {
  await expect
    .poll(async () => ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim())
    .not.toBe('');
  return ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
}

describe('canvas cards: thumbnails and "edited … ago"', () => {
  let browser: Browser;
  let owner: Actor;
  let guest: Actor | undefined;
  const drawn = { id: '', name: '' };
  const empty = { id: '', name: '' };

  beforeAll(async () => {
    browser = await launchChromium();
    owner = await openActor(browser);
    await signUp(owner.page, newUser('thumbs'));
  });

  checkActorsAfterEach(
    () => ({ owner, guest }),
    () => browser,
  );

  it('shows the drawing on its card and no picture for an empty canvas', async () => {
    const { page } = owner;
    empty.id = await createCanvas(page);
    empty.name = await canvasName(page);
    drawn.id = await createCanvas(page);
    drawn.name = await canvasName(page);
    await drawZigZag(page, await boardRegion(page, 0.25, 0.25, 0.4, 0.4));
    await expect.poll(() => lineDrawnEvents(drawn.id).length).toBeGreaterThan(0);

    await page.goto('/canvases');
    await expect
      .poll(async () => (await pictureOf(card(page, drawn.name)))?.ink ?? 0)
      .toBeGreaterThan(50);
    const picture = (await pictureOf(card(page, drawn.name)))!;
    expect(picture.width).toBe(400);
    expect(picture.src).toMatch(/^blob:/);
    expect(await card(page, drawn.name).textContent()).toContain('edited just now');
    // The empty canvas's card keeps its plain backdrop.
    await card(page, empty.name).waitFor();
    expect(await pictureOf(card(page, empty.name))).toBeNull();
    expect(await card(page, empty.name).textContent()).not.toContain('edited');
    await expectAccessible(page, 'All Canvases with thumbnails');
  });

  it('shows the same picture while unchanged, and the new drawing after a change', async () => {
    const { page } = owner;
    const before = (await pictureOf(card(page, drawn.name)))!;

    // Unchanged: coming back shows the same picture. (That an unchanged canvas costs a 304 is
    // asserted by the server's suite: the local-only guard routes every request, which turns
    // Chromium's HTTP cache off here.)
    await goTo(page, 'Home', '/');
    await goTo(page, 'Canvases', '/canvases');
    await expect
      .poll(async () => (await pictureOf(card(page, drawn.name)))?.bands)
      .toEqual(before.bands);
    expect(twoApart(before.bands)).toBe(false);

    // A second stroke drawn below the first is on the card when the user comes back.
    await card(page, drawn.name).getByRole('link').click();
    await whiteboard(page).waitFor();
    const token = await tokenOf(page);
    const editedBefore = await editedAtOf(token, drawn.id);
    await drawZigZag(page, await boardRegion(page, 0.3, 0.7, 0.4, 0.2));
    // Once the server has the stroke (its list says the canvas was edited since), go back.
    await expect.poll(() => editedAtOf(token, drawn.id)).not.toBe(editedBefore);
    await goTo(page, 'Canvases', '/canvases');
    await expect
      .poll(async () => twoApart((await pictureOf(card(page, drawn.name)))?.bands))
      .toBe(true);
  });

  it("shows a live canvas's drawing on the guest's All Live Canvases card", async () => {
    guest = await openActor(browser);
    await signUp(guest.page, newUser('thumbguest'));
    const ownerClient = await ServerClient.connect(await tokenOf(owner.page));
    const guestToken = await tokenOf(guest.page);
    const guestClient = await ServerClient.connect(guestToken);
    try {
      const canvas = { canvasId: drawn.id, name: drawn.name };
      await share(ownerClient, guestClient, canvas, await userIdOf(guestToken));
    } finally {
      ownerClient.close();
      guestClient.close();
    }
    const { page } = guest;
    await goTo(page, 'Live canvases', '/livecanvases');
    await expect
      .poll(async () => twoApart((await pictureOf(card(page, drawn.name)))?.bands))
      .toBe(true);
    expect(await card(page, drawn.name).textContent()).toMatch(
      /edited (just now|\d+ minutes? ago)/,
    );
  });
});
