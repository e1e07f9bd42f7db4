/**
 * Issue 10 points 6, 7 and 9 in Chromium: the auth card fits a laptop screen (or scrolls inside
 * the screen, never the page), errors sit under their field, the name input has the server's
 * length limit, a demo account in use offers the other one and is freed by closing its tab,
 * and the landing footer links nowhere fake.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  checkActorsAfterEach,
  expectSignedInAs,
  expectToast,
  launchChromium,
  newUser,
  openActor,
  passwordField,
  pathOf,
  signOut,
} from './support';
import type { Actor } from './support';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The element's box lies inside the viewport. */
async function inViewport(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return (
    box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width
  );
}

/** The document itself cannot scroll (spec: page scrolling is disabled on this screen). */
async function pageScrolls(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    window.scrollTo(0, 10_000);
    return window.scrollY > 0;
  });
}

/** The card's link to the other mode (the top bar has a 'Sign in' link too). */
function switchLinkOf(page: Page, name: 'Sign in' | 'Sign up'): Locator {
  return page.locator('.tb-auth__switch').getByRole('link', { name, exact: true });
}

/** The text an element's aria-describedby points at ('' when none). */
function descriptionOf(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const id = element.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });
}

describe('auth screen', () => {
  let browser: Browser;
  let visitor: Actor;
  const actors: Record<string, Actor | undefined> = {};

  beforeAll(async () => {
    browser = await launchChromium();
    visitor = await openActor(browser);
    actors.visitor = visitor;
  });

  checkActorsAfterEach(
    () => actors,
    () => browser,
  );

  it('fits the sign-up and sign-in cards on 1280×800, 1366×768 and 390×844 without page scrolling', async () => {
    const { page } = visitor;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [path, other] of [
        ['/signup', 'Sign in'],
        ['/signin', 'Sign up'],
      ] as const) {
        await page.goto(path);
        const demo2 = page.getByRole('button', { name: 'Sign in Test User 2' });
        const switchLink = switchLinkOf(page, other);
        await switchLink.waitFor();
        const where = `${path} at ${viewport.width}×${viewport.height}`;
        expect(await inViewport(page, demo2), `${where}: demo button in view`).toBe(true);
        expect(await inViewport(page, switchLink), `${where}: switch link in view`).toBe(true);
        expect(await pageScrolls(page), `${where}: the page scrolls`).toBe(false);
      }
    }
  });

  it('scrolls the card inside the screen, not the page, when the screen is shorter still', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 1366, height: 560 });
    await page.goto('/signup');
    const switchLink = switchLinkOf(page, 'Sign in');
    await switchLink.waitFor();
    expect(await inViewport(page, switchLink)).toBe(false);

    await page.mouse.move(683, 300);
    await page.mouse.wheel(0, 1000);
    await expect.poll(() => inViewport(page, switchLink)).toBe(true);
    expect(await pageScrolls(page)).toBe(false);
    await switchLink.click();
    await expect.poll(() => pathOf(page)).toBe('/signin');
  });

  it('shows a taken username under Username, and limits the name to the server’s length', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/signup');
    const name = page.getByLabel('Name (optional)');
    expect(await name.getAttribute('maxlength')).toBe('60');
    await name.fill('x'.repeat(80));
    expect((await name.inputValue()).length).toBe(60);

    const user = newUser('taken');
    await page.getByLabel('Username').fill('testuser1');
    await page.getByLabel('Email').fill(user.email);
    await passwordField(page).fill(user.password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    const username = page.getByLabel('Username');
    await expect.poll(() => descriptionOf(username)).toBe('Username already exists');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await passwordField(page).getAttribute('aria-invalid')).toBeNull();
    await expectToast(page, 'Username already exists');
    // Everything stays reachable with the error shown.
    expect(await inViewport(page, switchLinkOf(page, 'Sign in'))).toBe(true);
  });

  it('offers Test User 2 when Test User 1 is in use, and frees Test User 1 when its tab closes', async () => {
    const first = await openActor(browser, { width: 1366, height: 768 });
    const second = await openActor(browser, { width: 1366, height: 768 });
    actors.first = first;
    actors.second = second;

    await first.page.goto('/signin');
    await first.page.getByRole('button', { name: 'Sign in Test User 1' }).click();
    await expectSignedInAs(first.page, 'testuser1');

    const { page } = second;
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in Test User 1' }).click();
    // The note is the one message (issue #26 item 8): no 'Logout from other device first!' beside it.
    const offered = page.getByRole('button', { name: 'Sign in Test User 2' });
    const note = 'Test User 1 is in use by another visitor right now. Try Test User 2.';
    await expect.poll(() => descriptionOf(offered)).toBe(note);
    expect(await page.getByText(note).isVisible()).toBe(true);
    expect(await passwordField(page).getAttribute('aria-invalid')).toBeNull();
    expect(pathOf(page)).toBe('/signin');

    await offered.click();
    await expectSignedInAs(page, 'testuser2');
    await signOut(page);

    // The first visitor closes the tab: Test User 1 is free for the next one.
    await first.context.close();
    actors.first = undefined;
    await page.getByRole('button', { name: 'Sign in Test User 1' }).click();
    await expectSignedInAs(page, 'testuser1');
    await signOut(page);
  });

  it('the landing footer links to no placeholder destination', async () => {
    const { page } = visitor;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByText(/All rights reserved\./).waitFor();
    const hrefs = await footer
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of hrefs)
      expect(href).not.toMatch(/^https:\/\/(github\.com|x\.com|www\.linkedin\.com)\/?$/);
    expect(hrefs).toEqual([]);
  });
});
