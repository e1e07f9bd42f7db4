/**
 * Issue 10 point 5, view links in Chromium against the real server: the owner creates a link
 * from the canvas header; someone with no account opens it and watches the board live,
 * read-only; the owner revokes it and the viewer's page says the link is gone at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { boardElements, elementIds, elementsWhenReady, expectBoardIds } from './board';
import {
  boardRegion,
  checkActorsAfterEach,
  createCanvas,
  drawZigZag,
  expectAccessible,
  launchChromium,
  newUser,
  openActor,
  signUp,
} from './support';
import type { Actor } from './support';

describe('view links', () => {
  let browser: Browser;
  let owner: Actor;
  let viewer: Actor | undefined;
  const sharer = newUser('sharer');

  beforeAll(async () => {
    browser = await launchChromium();
    owner = await openActor(browser);
    await signUp(owner.page, sharer);
  });

  checkActorsAfterEach(
    () => ({ owner, viewer }),
    () => browser,
  );

  it('someone without an account watches the board live and read-only until the link is revoked', async () => {
    const { page } = owner;
    const canvasId = await createCanvas(page);
    await elementsWhenReady(page, canvasId);
    await drawZigZag(page, await boardRegion(page, 0.2, 0.2, 0.3, 0.3));
    await expect.poll(async () => (await boardElements(page)).length).toBe(1);
    // Back to the selection tool: Excalidraw's stroke panel (its unnamed colour pickers) closes.
    await page
      .getByRole('radio', { name: /^Selection/ })
      .first()
      .click({ force: true });

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a view-only link' });
    await dialog.getByText('No view link yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create a view link' }).click();
    const address = dialog.getByRole('textbox');
    await expect.poll(() => address.inputValue()).toMatch(/\/view\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    await expectAccessible(page, 'the share dialog');

    viewer = await openActor(browser);
    await viewer.page.goto(url);
    const first = await elementsWhenReady(viewer.page, canvasId);
    expect(elementIds(first)).toEqual(elementIds(await boardElements(page)));
    await viewer.page.getByText('View only').waitFor();
    // No drawing tools, no sign of who else is there.
    expect(await viewer.page.getByRole('radio', { name: /^Draw/ }).count()).toBe(0);
    expect(await viewer.page.content()).not.toContain(sharer.username);
    await expectAccessible(viewer.page, 'the view-link page');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await drawZigZag(page, await boardRegion(page, 0.55, 0.5, 0.3, 0.3));
    await expect.poll(async () => (await boardElements(page)).length).toBe(2);
    await expectBoardIds(viewer.page, elementIds(await boardElements(page)));

    await page.getByRole('button', { name: 'Share' }).click();
    await dialog.getByRole('button', { name: 'Revoke link 1' }).click();
    await dialog.getByText('No view link yet.').waitFor();
    await viewer.page.getByText('This link is not available').waitFor();
    await viewer.page.reload();
    await viewer.page.getByText('This link is not available').waitFor();
  });
});
