/**
 * Issue #26 items 1, 5, 6 and 7 in Chromium: on a 390 × 844 phone the owner finds Share (named,
 * it opens the share dialog), reads the whole canvas and history titles, and reaches every
 * other action through a keyboard-usable "More actions" menu; "Canvas not found" offers no
 * actions for the canvas that is not there; the replay's "who drew this" names who added an
 * image after stepping back; the history's controls are the app's and work from the keyboard.
 * axe finds no serious or critical violation on the canvas and history screens at either size.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { boardElements, dropPicture, elementsWhenReady } from './board';
import { expectAccessibleAt, LAPTOP, PHONE } from './axe';
import { seedCanvas, ServerClient, tokenOf } from './serverAccess';
import {
  checkActorsAfterEach,
  launchChromium,
  newUser,
  openActor,
  signUp,
  watchPageProblems,
} from './support';
import type { Actor, TestUser } from './support';

/** Long enough to be cut to a few characters by a one-line phone header. */
const LONG_NAME = 'Lively brainstorm for the spring launch';

/** The title element is not cut: all its text fits in its box. */
async function expectWholeTitle(page: Page, text: string): Promise<void> {
  const title = page.locator('header h1');
  await expect.poll(() => title.textContent()).toBe(text);
  const fits = await title.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth + 1 &&
      element.scrollHeight <= element.clientHeight + 1,
  );
  expect(fits, `'${text}' is cut`).toBe(true);
  const box = await title.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
}

/** Where the board in `scope` draws the magenta picture (client coordinates), or null. */
function pictureOn(page: Page, scope: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate((within) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      `${within} canvas.excalidraw__canvas.static`,
    );
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return null;
    const { data, width } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sumX = 0;
    let sumY = 0;
    let count = 0;
    for (let at = 0; at < data.length; at += 4) {
      if (data[at]! > 235 && data[at + 1]! < 20 && data[at + 2]! > 235) {
        sumX += (at / 4) % width;
        sumY += Math.floor(at / 4 / width);
        count += 1;
      }
    }
    if (count < 500) return null;
    const rect = canvas.getBoundingClientRect();
    const scale = rect.width / canvas.width;
    return { x: rect.x + (sumX / count) * scale, y: rect.y + (sumY / count) * scale };
  }, scope);
}

/** Where the replay board draws the picture. */
const pictureOnReplay = (page: Page) => pictureOn(page, '.tabula-replay-board');

describe('the finish a user notices (issue #26)', () => {
  let browser: Browser;
  let owner: Actor;
  let user: TestUser;
  let canvasId = '';
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    // Signed up at laptop size (a phone's top bar keeps the profile link in its menu).
    owner = await openActor(browser, LAPTOP);
    user = newUser('finisher');
    await signUp(owner.page, user);
    watchPageProblems({ owner }, problems);
    const token = await tokenOf(owner.page);
    const client = await ServerClient.connect(token);
    ({ canvasId } = await seedCanvas(client, token, LONG_NAME));
    client.close();
  });

  checkActorsAfterEach(
    () => ({ owner }),
    () => browser,
  );

  it('on a phone: Share is named and opens its dialog, the titles are whole, every action is in a keyboard menu', async () => {
    const { page } = owner;
    await page.setViewportSize(PHONE);
    await page.goto(`/canvas/${canvasId}`);
    await elementsWhenReady(page, canvasId);
    await expectWholeTitle(page, LONG_NAME);

    const share = page.getByRole('button', { name: 'Share', exact: true });
    const box = await share.boundingBox();
    expect(box && box.width >= 40 && box.x + box.width <= PHONE.width).toBe(true);
    await share.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The other actions, from the keyboard.
    const more = page.getByRole('button', { name: 'More actions' });
    await expect.poll(() => more.getAttribute('aria-haspopup')).toBe('menu');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name: 'More actions' });
    const labels = await menu.getByRole('menuitem').allTextContents();
    expect(labels).toEqual([
      'History',
      'Export as PNG',
      'Export as SVG',
      expect.stringMatching(/^Online users/),
      'Edit name',
      'Delete canvas',
    ]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => more.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessibleAt(page, 'the canvas screen', [PHONE, LAPTOP]);

    // History from the menu: its title is whole too.
    await page.setViewportSize(PHONE);
    await more.click();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/canvas/${canvasId}/history`);
    await expectWholeTitle(page, `History of ${LONG_NAME}`);
    expect(problems).toEqual([]);
  });

  it('"Canvas not found" on a phone has no History, Export, Edit name or Delete', async () => {
    const { page } = owner;
    await page.setViewportSize(PHONE);
    await page.goto('/canvas/000000000000000000000000');
    await page.getByRole('heading', { name: /Canvas not found/ }).waitFor();
    const header = page.locator('header.tb-canvas-header');
    for (const name of ['History', 'Export', 'Edit name', 'Delete canvas', 'More actions', 'Share'])
      expect(await header.getByRole('button', { name }).count(), name).toBe(0);
    expect(await header.getByRole('link', { name: 'History' }).count()).toBe(0);
    await expectAccessibleAt(page, 'a canvas not found', [PHONE]);
  });

  it("the replay names who added an image after stepping back, and its controls are the app's and keyboard-usable", async () => {
    const { page } = owner;
    await page.setViewportSize(LAPTOP);
    await page.goto(`/canvas/${canvasId}`);
    await elementsWhenReady(page, canvasId);
    await dropPicture(page);
    await expect
      .poll(async () => (await boardElements(page)).filter((e) => e.type === 'image').length)
      .toBe(1);
    // Drawn from its file, which is then on the server.
    await expect.poll(() => pictureOn(page, '.tw-board'), { timeout: 60_000 }).not.toBeNull();
    await page.goto(`/canvas/${canvasId}/history`);
    const player = page.getByTestId('history-player');
    const stepBack = player.getByRole('button', { name: 'Step back one entry' });
    await stepBack.waitFor();
    await expect.poll(() => pictureOnReplay(page), { timeout: 60_000 }).not.toBeNull();

    const info = page.getByTestId('replay-element-info');
    const name = new RegExp(`Drawn by (${user.username}|${user.name})`);
    const at = (await pictureOnReplay(page))!;
    await page.mouse.move(at.x, at.y);
    await expect.poll(() => info.textContent()).toMatch(name);
    // Step back, entry by entry, while the picture is on the board: it stays attributed.
    let steps = 0;
    while ((await stepBack.isEnabled()) && steps < 10) {
      await stepBack.focus();
      await page.keyboard.press('Enter');
      steps += 1;
      const shown = await pictureOnReplay(page);
      if (!shown) break;
      await page.mouse.move(shown.x + 1, shown.y + 1);
      await expect.poll(() => info.textContent()).toMatch(name);
      expect(await info.textContent()).not.toMatch(/before the replay/);
    }
    // Stepped back past it, nothing under the pointer is said to predate the replay.
    expect(steps).toBeGreaterThan(0);
    if (await info.count()) expect(await info.textContent()).not.toMatch(/before the replay/);

    // The controls: the app's checkbox and select, and its buttons, used from the keyboard.
    const skip = player.getByRole('checkbox', { name: 'Skip idle time' });
    expect(await skip.getAttribute('class')).toContain('tb-checkbox__input');
    await skip.focus();
    const before = await skip.isChecked();
    await page.keyboard.press('Space');
    await expect.poll(() => skip.isChecked()).toBe(!before);
    const speed = player.getByRole('combobox', { name: 'Playback speed' });
    expect(await speed.getAttribute('class')).toContain('tb-select');
    const speedBefore = await speed.inputValue();
    await speed.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => speed.inputValue()).not.toBe(speedBefore);
    expect(await stepBack.getAttribute('class')).toContain('tb-button');
    await expectAccessibleAt(page, 'the history screen');
    expect(problems).toEqual([]);
  });
});
