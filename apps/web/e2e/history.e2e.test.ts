/**
 * The history screen against the real server, in Chromium: two users draw on a live canvas;
 * the owner reads who did what, restores a version (both boards follow, the history grows by
 * one), names a version (a collaborator's open history gets it live), makes a copy (a new
 * canvas at the top of the list, the source unchanged); a collaborator sees no Restore and the
 * server refuses theirs; a collaborator's Reset the canvas is one 'cleared the canvas' entry
 * that the owner undoes in one click. The header exports the board as PNG and SVG.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { excalidrawElement } from '@tabula/testing';
import { API_PATHS, apiPath } from '@tabula/domain/protocol';
import type { CanvasSummary } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { boardElements, elementIds as ids, elementsWhenReady, expectBoardIds } from './board';
import { seedCanvas, ServerClient, share, tokenOf, userIdOf } from './serverAccess';
import {
  baseUrl,
  boardRegion,
  checkActorsAfterEach,
  drawZigZag,
  expectAccessible,
  expectToast,
  launchChromium,
  newUser,
  pathOf,
  signedUpActors,
  watchPageProblems,
} from './support';
import type { Actor } from './support';

const SHOTS = '/tmp/tabula-history-shots';

/**
 * Where the users draw, as fractions of the board: below the seeded rectangle and clear of
 * Excalidraw's style panel on the left.
 */
const LEFT = [0.3, 0.62, 0.25, 0.25] as const;
const RIGHT = [0.62, 0.62, 0.25, 0.25] as const;

/** Fractional-index digits, for elements seeded in order. */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The activity list of the history screen. */
function activity(page: Page): Locator {
  return page.getByRole('region', { name: 'Activity' });
}

/** The rows of the activity list (one per revision), newest first. */
function rows(page: Page): Locator {
  return activity(page).locator('.tb-activity__item');
}

/** The sessions of one author, newest first. */
function sessionsOf(page: Page, username: string): Locator {
  return activity(page).getByRole('listitem', { name: new RegExp(`^${username}, `) });
}

/** The bar under the player. */
function versionBar(page: Page): Locator {
  return page.getByRole('group', { name: 'This version' });
}

/** The revision the player shows, read from the bar's caption. */
async function shownRevision(page: Page): Promise<number> {
  const caption = (await versionBar(page).locator('p').textContent()) ?? '';
  const match = /revision (\d+)/i.exec(caption);
  if (!match) throw new Error(`No revision in the caption '${caption}'.`);
  return Number(match[1]);
}

/** A REST call with a user's token: the HTTP status and the envelope. */
async function call<T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; message?: string; data: T };
  return { status: response.status, ...envelope };
}

/** The live element ids of the canvas now, as the server has them. */
async function serverIds(canvasId: string, token: string): Promise<string[]> {
  const answer = await call<{ elements: SceneElement[] }>(
    'GET',
    apiPath(API_PATHS.getCanvas, canvasId),
    token,
  );
  return ids(answer.data.elements.filter((element) => !element.isDeleted));
}

describe('history', () => {
  /** Uncaught errors and console errors of both pages: a screen that crashed fails its test. */
  const problems: string[] = [];
  let browser: Browser;
  let owner: Actor;
  let guest: Actor;
  const ownerUser = newUser('hist_owner');
  const guestUser = newUser('hist_guest');
  let ownerToken = '';
  let guestToken = '';
  let canvasId = '';
  let canvasName = '';
  let seedIds: string[] = [];
  /** The ids on the board after both drew. */
  let drawnIds: string[] = [];

  const canvasPath = () => `/livecanvas/${canvasId}`;
  const historyPath = () => `/livecanvas/${canvasId}/history`;

  async function openHistory(page: Page): Promise<void> {
    if (pathOf(page) !== historyPath()) await page.goto(historyPath());
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
  }

  async function openBoard(page: Page): Promise<SceneElement[]> {
    await page.goto(canvasPath());
    return elementsWhenReady(page, canvasId);
  }

  beforeAll(async () => {
    browser = await launchChromium();
    [owner, guest] = (await signedUpActors(browser, ownerUser, guestUser)) as [Actor, Actor];
    watchPageProblems({ owner, guest }, problems);
    ownerToken = await tokenOf(owner.page);
    guestToken = await tokenOf(guest.page);
    const ownerClient = await ServerClient.connect(ownerToken);
    const guestClient = await ServerClient.connect(guestToken);
    const canvas = await seedCanvas(ownerClient, ownerToken, 'History walk');
    await share(ownerClient, guestClient, canvas, await userIdOf(guestToken));
    ownerClient.close();
    guestClient.close();
    canvasId = canvas.canvasId;
    canvasName = canvas.name;
    seedIds = [...canvas.elementIds].sort();
  });

  checkActorsAfterEach(
    () => ({ owner, guest }),
    () => browser,
  );

  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  it("lists each drawing under its author in the owner's History", async () => {
    expect(ids(await openBoard(owner.page))).toEqual(seedIds);
    expect(ids(await openBoard(guest.page))).toEqual(seedIds);

    await drawZigZag(owner.page, await boardRegion(owner.page, ...LEFT));
    await expect.poll(async () => (await boardElements(guest.page)).length).toBe(2);
    await drawZigZag(guest.page, await boardRegion(guest.page, ...RIGHT));
    await expect.poll(async () => (await boardElements(owner.page)).length).toBe(3);
    drawnIds = ids(await boardElements(owner.page));
    await expect.poll(() => serverIds(canvasId, ownerToken)).toEqual(drawnIds);

    await owner.page.getByRole('link', { name: 'History', exact: true }).click();
    await expect.poll(() => pathOf(owner.page)).toBe(historyPath());
    await openHistory(owner.page);
    // Newest first: the guest's stroke, the owner's stroke, the guest joining, then the owner's
    // seeded rectangle, invitation and creation in one session.
    const guestSessions = sessionsOf(owner.page, guestUser.username);
    const ownerSessions = sessionsOf(owner.page, ownerUser.username);
    await expect.poll(() => guestSessions.first().textContent()).toContain('drew 1 line');
    expect(await ownerSessions.first().textContent()).toContain('drew 1 line');
    const founding = (await ownerSessions.last().textContent()) ?? '';
    expect(founding).toContain(`invited ${guestUser.username}`);
    expect(founding).toContain('drew 1 shape');
    expect(founding).toContain('created the canvas');
    expect(await guestSessions.last().textContent()).toContain('accepted the invitation');
    await expectAccessible(owner.page, 'history screen');
    await owner.page.screenshot({ path: `${SHOTS}/1-owner-history.png` });
  });

  it('shows a collaborator no Restore, and the server refuses theirs', async () => {
    await guest.page.getByRole('link', { name: 'History', exact: true }).click();
    await openHistory(guest.page);
    await rows(guest.page).filter({ hasText: 'drew 1 shape' }).click();
    await expect.poll(() => versionBar(guest.page).textContent()).toContain('drew 1 shape');
    expect(await versionBar(guest.page).getByRole('button', { name: 'Make a copy' }).count()).toBe(
      1,
    );
    expect(await guest.page.getByRole('button', { name: 'Restore this version' }).count()).toBe(0);
    await guest.page.screenshot({ path: `${SHOTS}/2-guest-history.png` });

    const refused = await call('POST', apiPath(API_PATHS.restore, canvasId), guestToken, {
      revision: await shownRevision(guest.page),
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Not allowed!');
    expect(await serverIds(canvasId, ownerToken)).toEqual(drawnIds);
  });

  it('restores a version for both boards and adds one entry to the history', async () => {
    expect(ids(await openBoard(guest.page))).toEqual(drawnIds);
    const before = await rows(owner.page).count();
    await rows(owner.page).filter({ hasText: 'drew 1 shape' }).click();
    const revision = await shownRevision(owner.page);
    await owner.page.getByRole('button', { name: 'Restore this version' }).click();
    const popup = owner.page.getByRole('dialog', { name: 'Restore this version?' });
    await expectAccessible(owner.page, 'restore popup');
    await owner.page.screenshot({ path: `${SHOTS}/3-restore-popup.png` });
    await popup.getByRole('button', { name: 'Restore', exact: true }).click();
    await expectToast(owner.page, `The canvas is back as it was at revision ${revision}.`);

    await expect.poll(() => rows(owner.page).count()).toBe(before + 1);
    expect(await rows(owner.page).first().textContent()).toContain(
      `restored the version of revision ${revision}`,
    );
    await expectBoardIds(guest.page, seedIds);
    expect(await serverIds(canvasId, ownerToken)).toEqual(seedIds);
    await owner.page.screenshot({ path: `${SHOTS}/3-owner-restored.png` });
    expect(ids(await openBoard(owner.page))).toEqual(seedIds);
  });

  it("names a version: the row shows the label and the collaborator's open history gets it live", async () => {
    await openHistory(guest.page);
    await openHistory(owner.page);
    await rows(owner.page).first().click();
    await owner.page.getByRole('button', { name: 'Name this version' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Name this version' });
    await dialog.getByRole('textbox').fill('Before the review');
    await expectAccessible(owner.page, 'name a version');
    await owner.page.screenshot({ path: `${SHOTS}/4-name-dialog.png` });
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expectToast(owner.page, '“Before the review”');

    const entry = 'named a version “Before the review”';
    await expect.poll(() => rows(owner.page).first().textContent()).toContain(entry);
    await expect
      .poll(() => activity(owner.page).locator('.tb-activity__label').first().textContent())
      .toBe('Before the review');
    // The guest did not reload: the entry came over the socket (history-appended).
    await expect.poll(() => rows(guest.page).first().textContent()).toContain(entry);
    await owner.page.screenshot({ path: `${SHOTS}/4-named.png` });
  });

  it('makes a copy of a version: a new canvas at the top of the list, the source unchanged, not shared', async () => {
    await rows(owner.page).filter({ hasText: 'drew 1 line' }).first().click();
    const revision = await shownRevision(owner.page);
    const scene = await call<{ elements: SceneElement[] }>(
      'GET',
      `${apiPath(API_PATHS.sceneAt, canvasId)}?revision=${revision}`,
      ownerToken,
    );
    const sceneIds = ids(scene.data.elements);
    expect(sceneIds).toEqual(drawnIds);

    await versionBar(owner.page).getByRole('button', { name: 'Make a copy' }).click();
    await expect.poll(() => pathOf(owner.page)).toMatch(/^\/canvas\/[^/]+$/);
    const copyId = decodeURIComponent(pathOf(owner.page).split('/')[2] ?? '');
    expect(copyId).not.toBe(canvasId);
    await expectToast(owner.page, `Your copy “${canvasName} (copy)” is ready.`);
    expect(ids(await elementsWhenReady(owner.page, copyId))).toEqual(sceneIds);

    await owner.page.goto('/canvases');
    const cards = owner.page.getByRole('main').getByRole('listitem');
    await expect.poll(() => cards.first().textContent()).toContain(`${canvasName} (copy)`);
    expect(await serverIds(canvasId, ownerToken)).toEqual(seedIds);

    // The copy is the owner's alone: its history is not there for anyone else.
    await guest.page.goto(`/canvas/${copyId}/history`);
    await guest.page.getByRole('heading', { name: 'Canvas not found.' }).waitFor();
    expect(await rows(guest.page).count()).toBe(0);
    // Chromium logs each refused call (history, names, scene, replay) as a failed load.
    const logged = problems.splice(0);
    expect(logged.filter((line) => !line.endsWith('status of 404 (Not Found)'))).toEqual([]);
  });

  it("shows a collaborator's Reset the canvas as one entry that the owner undoes in one click", async () => {
    await openBoard(guest.page);
    await drawZigZag(guest.page, await boardRegion(guest.page, ...RIGHT));
    await expect.poll(async () => (await boardElements(guest.page)).length).toBe(2);
    const beforeClear = ids(await boardElements(guest.page));
    await expect.poll(() => serverIds(canvasId, ownerToken)).toEqual(beforeClear);

    await openHistory(owner.page);
    const cleared = rows(owner.page).filter({ hasText: 'cleared the canvas' });
    expect(await cleared.count()).toBe(0);

    await guest.page.getByTestId('main-menu-trigger').click();
    await guest.page.getByTestId('clear-canvas-button').click();
    await guest.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await boardElements(guest.page)).length).toBe(0);

    // One entry, under the collaborator's name, arriving live on the owner's open history.
    await expect.poll(() => cleared.count()).toBe(1);
    const newest = sessionsOf(owner.page, guestUser.username).first();
    expect(await newest.textContent()).toContain('cleared the canvas');
    await expect.poll(() => rows(owner.page).first().textContent()).toContain('cleared the canvas');
    await owner.page.screenshot({ path: `${SHOTS}/5-cleared.png` });

    await activity(owner.page).getByRole('button', { name: 'Undo the clear' }).click();
    await expectToast(owner.page, 'The canvas is back as it was at revision');
    await expectBoardIds(guest.page, beforeClear);
    await expect
      .poll(() => rows(owner.page).first().textContent())
      .toContain('restored the version');
    expect(await serverIds(canvasId, ownerToken)).toEqual(beforeClear);
    await owner.page.screenshot({ path: `${SHOTS}/6-undone.png` });
  });

  it('exports the board from the canvas header as PNG and SVG named after the canvas', async () => {
    await openBoard(owner.page);
    const { page } = owner;
    for (const [label, extension] of [
      ['PNG image', 'png'],
      ['SVG image', 'svg'],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${canvasName}.${extension}`);
      const bytes = await readFile((await download.path())!);
      if (extension === 'png') expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      else expect(bytes.toString('utf8')).toContain('<svg');
    }
  });

  it('pages older entries as the activity list is scrolled to its end', async () => {
    const created = await call<CanvasSummary>('POST', API_PATHS.createCanvas, ownerToken, {
      name: 'Long story',
    });
    const longId = created.data._id;
    const client = await ServerClient.connect(ownerToken);
    try {
      await client.request('join-canvas', { canvasId: longId });
      for (let i = 0; i < 60; i++) {
        const element = excalidrawElement({ id: `long-${i}`, index: `a${BASE62[i]}`, x: 40 * i });
        await client.request('canvas-update', {
          canvasId: longId,
          eventId: `long-${longId}-${i}`,
          elements: [element],
        });
      }
    } finally {
      client.close();
    }

    await owner.page.goto(`/canvas/${longId}/history`);
    // The first page (50 of the 61 entries), then the rest once the list is scrolled down.
    await expect.poll(() => rows(owner.page).count()).toBe(50);
    const loadOlder = activity(owner.page).getByRole('button', { name: 'Load older' });
    expect(await loadOlder.count()).toBe(1);
    await activity(owner.page).evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect.poll(() => rows(owner.page).count()).toBe(61);
    await expect.poll(() => loadOlder.count()).toBe(0);
    expect(await rows(owner.page).last().textContent()).toContain('created the canvas');
  });

  it('fits a phone screen: the activity under the player, the dialog inside the screen', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openHistory(page);
      const player = await page.getByTestId('history-player').boundingBox();
      const list = await activity(page).boundingBox();
      expect(player && list && list.y >= player.y + player.height - 1).toBe(true);
      await versionBar(page).getByRole('button', { name: 'Name this version' }).click();
      const dialog = page.getByRole('dialog', { name: 'Name this version' });
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await expectAccessible(page, 'history on a phone');
      await page.screenshot({ path: `${SHOTS}/7-phone.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
