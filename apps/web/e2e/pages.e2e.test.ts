/**
 * Issue #5 item 11, the remaining screens: profile, live canvases, the signed-out canvas,
 * the 404 page with Go back, and the mobile menu at a 390 px viewport; axe-core on each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkActorsAfterEach,
  expectAccessible,
  launchChromium,
  newUser,
  openActor,
  pathOf,
  signUp,
  whiteboard,
} from './support';
import type { Actor } from './support';

describe('screens', () => {
  let browser: Browser;
  let desktop: Actor;
  let phone: Actor | undefined;
  const user = newUser('pages');

  beforeAll(async () => {
    browser = await launchChromium();
    desktop = await openActor(browser);
  });

  checkActorsAfterEach(
    () => ({ desktop, phone }),
    () => browser,
  );

  it("a visitor's canvas says 'Your work won't be saved.' and offers no actions", async () => {
    const { page } = desktop;
    await page.goto('/canvas/scratch');
    await whiteboard(page).waitFor();
    await expect
      .poll(() => page.getByRole('heading', { name: "Your work won't be saved." }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Edit name' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete canvas' }).count()).toBe(0);
    await expectAccessible(page, 'canvas (visitor)');
  });

  it('shows the 404 page for an unknown path, and Go back leads home', async () => {
    const { page } = desktop;
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible())
      .toBe(true);
    expect(
      await page.getByText("Sorry, we couldn't find the page you're looking for.").count(),
    ).toBe(1);
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
  });

  it('shows Your Profile and All Live Canvases to a signed-in user', async () => {
    const { page } = desktop;
    await signUp(page, user);
    await page.getByRole('link', { name: user.username }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your Profile' }).isVisible())
      .toBe(true);
    expect(await page.getByText(user.email).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'Your Profile');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Live canvases' })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/livecanvases');
    await expect
      .poll(() => page.getByRole('heading', { name: 'All Live Canvases' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'All Live Canvases');
  });

  it('collapses the links into a menu overlay at 390 px', async () => {
    phone = await openActor(browser, { width: 390, height: 844 });
    const { page } = phone;
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.getByRole('link', { name: 'Canvases', exact: true }).isVisible()).toBe(false);
    await expectAccessible(page, 'landing at 390 px');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect
      .poll(() => menu.getByRole('link', { name: 'Live canvases' }).isVisible())
      .toBe(true);
    expect(await menu.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).isVisible()).toBe(true);
    // Let the 150 ms opening animation finish: mid-fade, text is lighter than it ends up.
    await page.waitForFunction(() => {
      const overlay = document.querySelector('[data-state="open"]');
      return overlay !== null && getComputedStyle(overlay).opacity === '1';
    });
    await expectAccessible(page, 'mobile menu open');

    await menu.getByRole('link', { name: 'Canvases', exact: true }).click();
    // A visitor is sent on to sign in; the menu closes on the way.
    await expect.poll(() => pathOf(page)).toBe('/signin');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expectAccessible(page, 'sign-in at 390 px');
  });
});
