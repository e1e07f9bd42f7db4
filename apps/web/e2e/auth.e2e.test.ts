/**
 * Issue #5 item 11, auth: sign up, sign out, sign in, both demo buttons, the wrong-password
 * message and its 5 s, and the refused second-device login. Two contexts act as two devices.
 * A page load the server does not answer at first keeps the user signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkActorsAfterEach,
  expectAccessible,
  expectSignedInAs,
  expectToast,
  launchChromium,
  newUser,
  openActor,
  passwordField,
  pathOf,
  signIn,
  signOut,
  signUp,
  submitSignIn,
  toast,
} from './support';
import type { Actor } from './support';

describe('auth', () => {
  let browser: Browser;
  let laptop: Actor;
  let phone: Actor;
  const user = newUser('auth');

  beforeAll(async () => {
    browser = await launchChromium();
    laptop = await openActor(browser);
    phone = await openActor(browser);
  });

  checkActorsAfterEach(
    () => ({ laptop, phone }),
    () => browser,
  );

  it('the landing page invites a visitor to sign in', async () => {
    const { page } = laptop;
    await page.goto('/');
    const cta = page.getByRole('link', { name: 'Get Started for Free!' });
    await expect.poll(() => cta.isVisible()).toBe(true);
    await expectAccessible(page, 'landing (visitor)');
    await cta.click();
    await expect.poll(() => pathOf(page)).toBe('/signin');
    await expectAccessible(page, 'sign-in');
  });

  it('signs up, signs out to /signin, and signs back in', async () => {
    const { page } = laptop;
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/signup');
    await expectAccessible(page, 'sign-up');

    await signUp(page, user);
    await expect
      .poll(() => page.getByRole('link', { name: 'Unleash Your Creativity' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'landing (signed in)');

    await signOut(page);
    await expect.poll(() => page.getByRole('link', { name: user.username }).count()).toBe(0);
    await signIn(page, user);
  });

  it('keeps the user signed in through a page load the server does not answer at first', async () => {
    // laptop is signed in (previous test). The first fetch of the user meets a dropped
    // connection, the second a restarting server; the app asks again and goes on.
    const { page } = laptop;
    let fetches = 0;
    await page.route('**/auth/fetchuser', async (route) => {
      fetches += 1;
      if (fetches === 1) return route.abort('connectionreset');
      if (fetches === 2)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Service Unavailable' }),
        });
      return route.fallback();
    });
    try {
      await page.goto('/canvases');
      await page.getByRole('heading', { name: 'All Canvases' }).waitFor();
      // The aborted first check counts as no network: the list shows from the kept session
      // while the checks go on in the background, until the server answers.
      await expect.poll(() => fetches).toBe(3);
      expect(pathOf(page)).toBe('/canvases');
      await page.getByRole('link', { name: user.username }).first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    } finally {
      await page.unroute('**/auth/fetchuser');
    }
  });

  it('refuses a second device while the first is online', async () => {
    // laptop is signed in (previous test) and connected.
    const { page } = phone;
    await submitSignIn(page, user.email, user.password);
    await expectToast(page, 'Logout from other device first!');
    expect(pathOf(page)).toBe('/signin');
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    await signOut(laptop.page);
    await signIn(page, user);
    await signOut(page);
  });

  it('shows a wrong password under the field and as an alert, then hides it after 5 s', async () => {
    const { page } = laptop;
    if (!page.url().endsWith('/signin')) await page.goto('/signin');
    // Both moments are taken by the page's own clock as they happen: a test that polls from
    // outside notices them late on a busy machine (it once saw 3.9 s).
    await page.evaluate(() => {
      const moments: { shown?: number; hidden?: number } = {};
      (window as unknown as { describedBy: typeof moments }).describedBy = moments;
      new MutationObserver((records) => {
        for (const { target } of records) {
          if (!(target instanceof HTMLInputElement) || target.type !== 'password') continue;
          if (target.hasAttribute('aria-describedby')) moments.shown ??= performance.now();
          else if (moments.shown !== undefined) moments.hidden ??= performance.now();
        }
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-describedby'],
      });
    });
    await submitSignIn(page, user.email, `${user.password}-wrong`);
    const message = 'Invalid email or password.';
    await expect.poll(() => passwordField(page).getAttribute('aria-describedby')).not.toBeNull();
    const describedBy = (await passwordField(page).getAttribute('aria-describedby')) ?? '';
    await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
    await expectToast(page, message);

    const moments = () =>
      page.evaluate(
        () =>
          (window as unknown as { describedBy: { shown?: number; hidden?: number } }).describedBy,
      );
    await expect.poll(async () => (await moments()).hidden, { timeout: 15_000 }).toBeDefined();
    const { shown, hidden } = await moments();
    expect(hidden! - shown!).toBeGreaterThan(4500);
    expect(hidden! - shown!).toBeLessThan(7500);
    expect(pathOf(page)).toBe('/signin');
  });

  it('signs in with both demo buttons', async () => {
    for (const [number, actor] of [
      [1, laptop],
      [2, phone],
    ] as const) {
      const { page } = actor;
      await page.goto('/signin');
      await page.getByRole('button', { name: `Sign in Test User ${number}` }).click();
      await expectSignedInAs(page, `testuser${number}`);
    }
    await signOut(laptop.page);
    await signOut(phone.page);
    expect(await toast(phone.page, 'Logout from other device first!').count()).toBe(0);
  });
});
