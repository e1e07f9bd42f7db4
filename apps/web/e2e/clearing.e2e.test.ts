/**
 * Issue 26, clearing a shared board, in Chromium against the real server: the collaborator
 * Bob resets the canvas (Excalidraw's "Reset the canvas" → Confirm); Alice's open board and
 * Bob's own show "<Bob> cleared the canvas" with Undo; Alice's Undo brings the elements back on
 * both boards. Then Alice turns "Collaborators can clear the board" off in the Share dialog:
 * Bob's reset is refused, his board says why and shows the elements again, Alice's keeps them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { excalidrawElement } from '@tabula/testing';
import { CLEARING_NOT_ALLOWED, clearedTheCanvas } from '@tabula/domain';
import { boardElements, elementIds, elementsWhenReady, expectBoardIds } from './board';
import { ServerClient, seedCanvas, share, tokenOf, userIdOf } from './serverAccess';
import {
  checkActorsAfterEach,
  expectAccessible,
  launchChromium,
  newUser,
  signedUpActors,
} from './support';
import type { Actor } from './support';

/** The board's clearing notice. */
function notice(page: Page): Locator {
  return page.locator('.tabula-clear-notice');
}

/** Excalidraw's "Reset the canvas", confirmed. */
async function resetCanvas(page: Page): Promise<void> {
  await page.getByTestId('main-menu-trigger').click();
  await page.getByTestId('clear-canvas-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
}

describe('clearing a shared board', () => {
  let browser: Browser;
  let alice: Actor;
  let bob: Actor;
  const aliceUser = newUser('clear_owner');
  const bobUser = newUser('clear_guest');
  let canvasId = '';
  let seeded: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    [alice, bob] = (await signedUpActors(browser, aliceUser, bobUser)) as [Actor, Actor];
    const aliceToken = await tokenOf(alice.page);
    const bobToken = await tokenOf(bob.page);
    const aliceClient = await ServerClient.connect(aliceToken);
    const bobClient = await ServerClient.connect(bobToken);
    const canvas = await seedCanvas(aliceClient, aliceToken, 'Clearing');
    const second = excalidrawElement({ id: `second-${canvas.canvasId.slice(-6)}`, index: 'a1' });
    await aliceClient.request('canvas-update', {
      canvasId: canvas.canvasId,
      eventId: `second-${canvas.canvasId}`,
      elements: [{ ...second, x: 400, y: 80, width: 120, height: 90 }],
    });
    await share(aliceClient, bobClient, canvas, await userIdOf(bobToken));
    aliceClient.close();
    bobClient.close();
    canvasId = canvas.canvasId;
    seeded = [...canvas.elementIds, String(second.id)].sort();
  });

  checkActorsAfterEach(
    () => ({ alice, bob }),
    () => browser,
  );

  async function openBoards(): Promise<void> {
    for (const { page } of [alice, bob]) {
      await page.goto(`/livecanvas/${canvasId}`);
      expect(elementIds(await elementsWhenReady(page, canvasId))).toEqual(seeded);
    }
  }

  it("shows everyone who cleared the canvas, and the owner's Undo brings it back for both", async () => {
    await openBoards();
    await resetCanvas(bob.page);
    await expectBoardIds(alice.page, []);

    const told = clearedTheCanvas(bobUser.username);
    await notice(alice.page).getByText(told).waitFor();
    await notice(bob.page).getByText(told).waitFor();
    await expectAccessible(alice.page, 'the board with its clearing notice');

    await notice(alice.page).getByRole('button', { name: 'Undo' }).click();
    await expectBoardIds(alice.page, seeded);
    await expectBoardIds(bob.page, seeded);
    await notice(alice.page).waitFor({ state: 'detached' });
  });

  it('with collaborators not allowed to clear, Bob is told why and his board shows the elements again', async () => {
    await openBoards();
    await alice.page.getByRole('button', { name: 'Share' }).click();
    const dialog = alice.page.getByRole('dialog', { name: 'Share a view-only link' });
    const toggle = dialog.getByRole('switch', { name: 'Collaborators can clear the board' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await resetCanvas(bob.page);
    await notice(bob.page).getByText(CLEARING_NOT_ALLOWED).waitFor();
    await expectBoardIds(bob.page, seeded);
    expect(elementIds(await boardElements(alice.page))).toEqual(seeded);
    expect(await notice(alice.page).count()).toBe(0);
  });
});
