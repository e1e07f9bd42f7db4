/**
 * The accessibility sweep (issue #26): axe-core on every screen of the app, signed out and
 * signed in, at the laptop and the phone size. A screen is checked once what it is for has
 * shown (its heading, or the board); each finding is a soft failure naming the screen and the
 * size, so one run lists them all.
 */
import { beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessibleAt } from './axe';
import { tokenOf } from './serverAccess';
import {
  baseUrl,
  checkActorsAfterEach,
  createCanvas,
  launchChromium,
  newUser,
  openActor,
  passwordField,
  signUp,
  whiteboard,
} from './support';
import type { Actor } from './support';

/** A screen: where it is and what shows once it is ready. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

function heading(name: string | RegExp) {
  return (page: Page) => page.getByRole('heading', { name }).first().waitFor();
}

const board = (page: Page) => whiteboard(page).locator('canvas').first().waitFor();

async function sweep(page: Page, screens: readonly Screen[]): Promise<void> {
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    await expectAccessibleAt(page, screen.name);
  }
}

describe('accessibility sweep', () => {
  let browser: Browser;
  let visitor: Actor;
  let member: Actor | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    visitor = await openActor(browser);
  });

  checkActorsAfterEach(
    () => ({ visitor, member }),
    () => browser,
  );

  it('finds nothing serious on the signed-out screens at 1280×800 and 390×844', async () => {
    await sweep(visitor.page, [
      { name: 'landing (signed out)', path: '/', ready: heading(/./) },
      { name: 'sign-in', path: '/signin', ready: (page) => passwordField(page).waitFor() },
      { name: 'sign-up', path: '/signup', ready: (page) => passwordField(page).waitFor() },
      { name: "a visitor's canvas", path: '/canvas/scratch', ready: board },
      { name: 'the 404 page', path: '/no-such-page', ready: heading(/./) },
    ]);
  });

  it('finds nothing serious on the signed-in screens at 1280×800 and 390×844', async () => {
    member = await openActor(browser);
    const { page } = member;
    await signUp(page, newUser('axe'));
    const canvasId = await createCanvas(page);
    const link = await fetch(new URL(`/canvas/share/${canvasId}`, baseUrl()), {
      method: 'POST',
      headers: { 'auth-token': await tokenOf(page) },
    });
    const { data } = (await link.json()) as { data: { token: string } };
    await sweep(page, [
      { name: 'landing (signed in)', path: '/', ready: heading(/./) },
      { name: 'All Canvases', path: '/canvases', ready: heading('All Canvases') },
      { name: 'All Live Canvases', path: '/livecanvases', ready: heading('All Live Canvases') },
      { name: 'Your Profile', path: '/profile', ready: heading(/profile/i) },
      { name: 'a canvas', path: `/canvas/${canvasId}`, ready: board },
      { name: 'a live canvas', path: `/livecanvas/${canvasId}`, ready: board },
      {
        name: "a live canvas's history",
        path: `/livecanvas/${canvasId}/history`,
        ready: heading(/history/i),
      },
      {
        name: "a canvas's history",
        path: `/canvas/${canvasId}/history`,
        ready: heading(/history/i),
      },
      { name: 'a view link', path: `/view/${data.token}`, ready: board },
    ]);
  });
});
