/**
 * Issue #26 items 4, 8 and 9 (initials, the cold open) in Chromium: while a page is offline the
 * online count, the partner's "here now" dot and their cursor on the board are not shown as
 * live, and come back on reconnect; a sign-in refused by the one-session rule says one thing
 * at 390 × 844 (a demo account in use, and a second browser of the same account); a person's
 * initials are the same in the top bar and the canvas header; a cold
 * open asks for the canvas list once. axe on the sign-in screen (phone, signed out) and on All
 * Live Canvases (signed in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { elementsWhenReady } from './board';
import { expectAccessible, LAPTOP, PHONE } from './axe';
import { seedCanvas, ServerClient, share, tokenOf, userIdOf } from './serverAccess';
import {
  baseUrl,
  checkActorsAfterEach,
  launchChromium,
  newUser,
  openActor,
  signUp,
  submitSignIn,
  whiteboard,
} from './support';
import type { Actor, TestUser } from './support';
import { startTcpProxy } from './tcpProxy';
import type { TcpProxy } from './tcpProxy';

const IN_USE = 'Logout from other device first!';

/** How many pixels of the board's peer layer (peers' cursors and ink) are drawn. */
function peerLayerPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const layer = document.querySelector<HTMLCanvasElement>('canvas.tabula-peer-layer');
    const context = layer?.getContext('2d');
    if (!layer || !context || layer.width === 0 || layer.height === 0) return 0;
    const { data } = context.getImageData(0, 0, layer.width, layer.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn += 1;
    return drawn;
  });
}

/** The online count's badge in the canvas header ('<n> online'), if shown. */
function onlineBadge(page: Page) {
  return page.getByRole('button', { name: /Online users/ }).getByLabel(/^\d+ online$/);
}

/** The pictures of `username` marked 'here now' (header and side panel). */
function hereNow(page: Page, username: string) {
  return page.getByRole('img', { name: `${username}, here now` });
}

/** The initials a picture shows: its text, or the text of the SVG it is an image of. */
async function initialsShown(page: Page, picture: Locator): Promise<string> {
  await picture.waitFor();
  if ((await picture.evaluate((node) => node.tagName)) !== 'IMG')
    return ((await picture.textContent()) ?? '').trim();
  const src = (await picture.getAttribute('src')) ?? '';
  const data = /^data:image\/svg\+xml(;base64)?,(.*)$/.exec(src);
  const svg = data
    ? data[1]
      ? Buffer.from(data[2]!, 'base64').toString('utf8')
      : decodeURIComponent(data[2]!)
    : await (await page.context().request.get(new URL(src, page.url()).href)).text();
  return /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1]?.trim() ?? `(no initials in ${src})`;
}

/** The connection pill of the board. */
function badge(page: Page, text: RegExp) {
  return page.locator('.tabula-connection-badge').filter({ hasText: text });
}

/** Both users on a live canvas of `owner`'s, shared with `guest` through the server. */
async function sharedLiveCanvas(owner: Page, guest: Page, name: string): Promise<string> {
  const [ownerToken, guestToken] = [await tokenOf(owner), await tokenOf(guest)];
  const [ownerClient, guestClient] = [
    await ServerClient.connect(ownerToken),
    await ServerClient.connect(guestToken),
  ];
  try {
    const canvas = await seedCanvas(ownerClient, ownerToken, name);
    await share(ownerClient, guestClient, canvas, await userIdOf(guestToken));
    return canvas.canvasId;
  } finally {
    ownerClient.close();
    guestClient.close();
  }
}

/** Moves the mouse across the middle of the board, ending at its centre. */
async function pointAtBoard(page: Page): Promise<void> {
  const box = (await whiteboard(page).boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x - 40, y - 20);
  await page.mouse.move(x, y, { steps: 8 });
}

describe('presence follows the connection (1280 × 800)', () => {
  let browser: Browser;
  let proxy: TcpProxy;
  let owner: Actor;
  let guest: Actor;
  const ownerUser = newUser('lea');
  const guestUser = newUser('uma');

  beforeAll(async () => {
    browser = await launchChromium();
    proxy = await startTcpProxy(baseUrl());
    owner = await openActor(browser, LAPTOP, proxy.url);
    guest = await openActor(browser, LAPTOP);
    await signUp(owner.page, ownerUser);
    await signUp(guest.page, guestUser);
  });

  checkActorsAfterEach(
    () => ({ owner, guest }),
    () => browser,
  );

  afterAll(async () => {
    await proxy?.close();
  });

  /** A live canvas of the owner's, shared with the guest, open on both boards. */
  async function bothOnSharedCanvas(name: string): Promise<void> {
    const canvasId = await sharedLiveCanvas(owner.page, guest.page, name);
    for (const { page } of [owner, guest]) {
      await page.goto(`/livecanvas/${canvasId}`);
      await elementsWhenReady(page, canvasId);
    }
  }

  it("offline, the online count, the partner's here-now dot and cursor are not shown; back on reconnect", async () => {
    await bothOnSharedCanvas('Presence');

    // Live: the guest is counted, here now, and their cursor is on the owner's board.
    await pointAtBoard(guest.page);
    await onlineBadge(owner.page).waitFor();
    await hereNow(owner.page, guestUser.username).first().waitFor();
    await expect.poll(() => peerLayerPixels(owner.page)).toBeGreaterThan(0);

    proxy.cut();
    await owner.context.setOffline(true);
    await badge(owner.page, /^Offline/).waitFor({ timeout: 30_000 });
    await expect.poll(() => peerLayerPixels(owner.page)).toBe(0);
    expect(await onlineBadge(owner.page).count()).toBe(0);
    expect(await hereNow(owner.page, guestUser.username).count()).toBe(0);
    // The guest is still listed as a member, shown as not here (no dot).
    expect(await owner.page.getByRole('img', { name: guestUser.username }).count()).toBeGreaterThan(
      0,
    );
    await owner.page.getByRole('button', { name: /Online users/ }).click();
    const popup = owner.page.getByRole('dialog', { name: 'All Online Users' });
    await popup.getByText('You are offline.').waitFor();
    expect(await popup.getByRole('listitem').count()).toBe(0);
    await popup.getByRole('button', { name: 'Close' }).click();

    await owner.context.setOffline(false);
    proxy.restore();
    await badge(owner.page, /^Live$/).waitFor({ timeout: 30_000 });
    await onlineBadge(owner.page).waitFor();
    await hereNow(owner.page, guestUser.username).first().waitFor();
    await expect.poll(() => peerLayerPixels(owner.page)).toBeGreaterThan(0);
  });

  it("a person's initials are the same in the top bar and the canvas header", async () => {
    await bothOnSharedCanvas('Initials');
    await pointAtBoard(owner.page);

    const own = await initialsShown(
      owner.page,
      owner.page.locator('.tb-topbar__profile .tb-avatar').first(),
    );
    expect(own).toMatch(/^[A-Z0-9]{1,2}$/);

    const header = guest.page.locator('header').getByRole('img', { name: ownerUser.username });
    expect(await initialsShown(guest.page, header.first())).toBe(own);
  });
});

describe('one message at sign-in (390 × 844)', () => {
  let browser: Browser;
  const actors: Actor[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const actor of actors) await actor.context.close();
  });

  /** The messages the screen shows: alerts, status notes and field errors with text. */
  async function messages(page: Page): Promise<string[]> {
    const texts = await page
      .locator('[role="alert"], [role="status"], .tb-field__error')
      .allTextContents();
    return texts.map((text) => text.trim()).filter(Boolean);
  }

  async function open(viewport: { width: number; height: number } = PHONE): Promise<Page> {
    const actor = await openActor(browser, viewport);
    actors.push(actor);
    return actor.page;
  }

  it('a second demo visitor on a phone is told once, by the note naming the free account', async () => {
    const first = await open(LAPTOP);
    await first.goto('/signin');
    await first.getByRole('button', { name: 'Sign in Test User 1' }).click();
    await first.waitForURL((url) => url.pathname === '/');

    const second = await open();
    await second.goto('/signin');
    await expectAccessible(second, 'sign-in at 390×844, signed out');
    await second.getByRole('button', { name: 'Sign in Test User 1' }).click();
    const note = 'Test User 1 is in use by another visitor right now. Try Test User 2.';
    await second.getByText(note).waitFor();
    expect(await messages(second)).toEqual([note]);
    await first.context().close();
  });

  it("a second browser of the same account gets 'Logout from other device first!' once", async () => {
    const user: TestUser = newUser('twice');
    const first = await open(LAPTOP);
    await signUp(first, user);

    const second = await open();
    await second.goto('/signin');
    await submitSignIn(second, user.email, user.password);
    await second.getByText(IN_USE).first().waitFor();
    const shown = await messages(second);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(IN_USE);
    expect(await second.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      null,
    );
  });
});

describe('a cold open (1280 × 800)', () => {
  let browser: Browser;
  let actor: Actor;
  const user = newUser('cold');

  beforeAll(async () => {
    browser = await launchChromium();
    actor = await openActor(browser, LAPTOP);
    await signUp(actor.page, user);
  });

  checkActorsAfterEach(
    () => ({ actor }),
    () => browser,
  );

  for (const path of ['/', '/canvases', '/livecanvases']) {
    it(`asks for the canvas list once (${path})`, async () => {
      const page = await actor.context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/getallcanvases')) asked.push(request.url());
      });
      await page.goto(path);
      // Signed in: the profile link in the top bar.
      await page.getByRole('link', { name: user.username }).first().waitFor();
      if (path !== '/') await page.locator('.tb-canvas-list').waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked).toHaveLength(1);
      if (path === '/livecanvases') await expectAccessible(page, 'All Live Canvases, signed in');
      await page.close();
    });
  }
});
