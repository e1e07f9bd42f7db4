/**
 * What every e2e file needs: a browser, one context per acting user (local-only guard
 * attached), fresh accounts, the auth steps, alerts, accessibility and stroke checks.
 */
import { afterAll, afterEach, expect, inject } from 'vitest';
import {
  findBlockingA11yViolations,
  formatA11yViolations,
  guardLocalOnly,
  launchChromium,
} from '@tabula/testing';
import type { LocalOnlyGuard } from '@tabula/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { keepPageLog, pageLog } from './pageLog';

/** The URL of the server started by globalSetup.ts. */
export function baseUrl(): string {
  return inject('baseUrl');
}

export { launchChromium };

/** One person at one browser: an isolated context with its page and local-only guard. */
export interface Actor {
  context: BrowserContext;
  page: Page;
  guard: LocalOnlyGuard;
}

/**
 * Opens a context (1280 × 800 unless told) on the server, or on `url` (a proxy in front of
 * it), with the local-only guard. Service workers are blocked unless `serviceWorkers` says
 * 'allow' (the offline tests): each would precache about 4 MB of the app per context, load on
 * a busy machine that the other tests do not need.
 */
export async function openActor(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  url: string = baseUrl(),
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Actor> {
  const context = await browser.newContext({ baseURL: url, viewport, serviceWorkers });
  // A hang guard for each wait, sized for a machine busy ten times over: never a verdict.
  context.setDefaultTimeout(60_000);
  const guard = await guardLocalOnly(context);
  // Asks the app for its read-only board probe (window.__tabulaBoard).
  await context.addInitScript(() => {
    (window as { __TABULA_PROBE__?: boolean }).__TABULA_PROBE__ = true;
  });
  const page = await context.newPage();
  await keepPageLog(page);
  await throttleCpu(page);
  return { context, page, guard };
}

/**
 * Slows the page's CPU by `E2E_CPU_THROTTLE` (for example 6), to bring out on a quiet machine
 * the races a busy CI machine shows; unset, the page runs at full speed.
 */
async function throttleCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (!(rate > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Fails when any request of these actors would have left 127.0.0.1. */
export function expectLocalOnly(...actors: (Actor | undefined)[]): void {
  for (const actor of actors) if (actor) expect(actor.guard.outside).toEqual([]);
}

/** A new account's details. */
export interface TestUser {
  name: string;
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** Unique account details for this run (usernames are 3 to 30 characters). */
export function newUser(tag: string): TestUser {
  counter += 1;
  const unique = `${Date.now().toString(36).slice(-6)}${counter}`;
  return {
    name: `E2E ${tag}`,
    username: `${tag}_${unique}`,
    email: `${tag}.${unique}@example.test`,
    password: `pw-${unique}-secret`,
  };
}

/** The password input (not the Show/Hide password button). */
export function passwordField(page: Page): Locator {
  return page.getByLabel('Password', { exact: true });
}

/** Signs up on /signup and waits for the redirect home with the username in the top bar. */
export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectSignedInAs(page, user.username);
}

/** Opens one actor per user (default viewport) and signs each up, in order. */
export async function signedUpActors(browser: Browser, ...users: TestUser[]): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (const user of users) {
    const actor = await openActor(browser);
    await signUp(actor.page, user);
    actors.push(actor);
  }
  return actors;
}

/** Fills the sign-in form and submits it (does not wait for the outcome). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().endsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits for the redirect home. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await submitSignIn(page, user.email, user.password);
  await expectSignedInAs(page, user.username);
}

/** Home, with the user's profile link in the top bar. */
export async function expectSignedInAs(page: Page, username: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: username }).first().waitFor();
  } catch (error) {
    throw new Error(
      `${username} is not signed in on ${pathOf(page)}\nPage log:\n${pageLog(page)}`,
      {
        cause: error,
      },
    );
  }
}

/** Signs out from the top bar and waits for /signin. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/signin');
}

/** The path of the page now. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The alert toast (danger alerts are role=alert, the others role=status) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });
}

/**
 * Waits for a toast with this text. Playwright watches the page for it (a toast shows for a
 * few seconds only: polling from here could look before and after it on a loaded machine);
 * the timeout is a hang guard.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await toast(page, text).first().waitFor({ state: 'attached', timeout: 60_000 });
  } catch (error) {
    throw new Error(`no toast '${text}' on ${pathOf(page)}\nPage log:\n${pageLog(page)}`, {
      cause: error,
    });
  }
}

/**
 * Runs axe-core on the page and fails the test, listing them, on serious or critical
 * violations; a soft failure, so the flow goes on and every page's findings are reported.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await settleAnimations(page);
  const violations = await findBlockingA11yViolations(page);
  expect.soft(formatA11yViolations(violations), `axe on ${what} (${page.url()})`).toBe('');
}

/**
 * Waits for running finite CSS animations and transitions (popups fade in over 200 ms, the
 * mobile menu over 150 ms): mid-fade, text is lighter than it ends up and axe would measure
 * a contrast nobody sees for long.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const timeout = new Promise((resolve) => setTimeout(resolve, 2000));
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      timeout,
    ]);
  });
}

/**
 * The accessibility helper first offers axe-core as an inline script, which the app's CSP
 * refuses (and logs), then evaluates it another way: that log is the test's, not the app's.
 */
function isAxeInjection(text: string): boolean {
  return text.startsWith('Executing inline script violates the following Content Security Policy');
}

/** Collects the actors' uncaught page errors and console errors into `problems`. */
export function watchPageProblems(actors: Record<string, Actor>, problems: string[]): void {
  for (const [who, { page }] of Object.entries(actors)) {
    page.on('pageerror', (error) => problems.push(`${who}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error' || isAxeInjection(message.text())) return;
      problems.push(`${who} console on ${pathOf(page)}: ${message.text()}`);
    });
  }
}

/** Creates a canvas from /canvases ('New canvas') and returns its id once it is open. */
export async function createCanvas(page: Page): Promise<string> {
  await page.goto('/canvases');
  await page.getByRole('heading', { name: 'All Canvases' }).waitFor();
  await page.getByRole('button', { name: 'New canvas' }).first().click();
  await expect.poll(() => pathOf(page)).toMatch(/^\/canvas\/[^/]+$/);
  await whiteboard(page).waitFor();
  return decodeURIComponent(pathOf(page).split('/')[2] ?? '');
}

/** The drawing surface of a canvas screen. */
export function whiteboard(page: Page): Locator {
  return page.getByTestId('canvas-board');
}

/** A rectangle inside the whiteboard, as fractions of its size, in page pixels. */
export async function boardRegion(
  page: Page,
  fx: number,
  fy: number,
  fw: number,
  fh: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await whiteboard(page).boundingBox();
  if (!box) throw new Error('The whiteboard is not on screen.');
  return {
    x: Math.round(box.x + box.width * fx),
    y: Math.round(box.y + box.height * fy),
    width: Math.round(box.width * fw),
    height: Math.round(box.height * fh),
  };
}

/**
 * The whiteboard once it holds its scene: the editor mounted and its loading cover gone (the
 * widget's `aria-busy` off). Until then the cover takes the clicks, as it does a person's.
 */
export function openBoard(page: Page): Locator {
  return whiteboard(page).locator('.tabula-whiteboard:not([aria-busy])');
}

/**
 * Picks Excalidraw's free-draw tool ('Draw') from its toolbar once the board is open, and
 * waits until the toolbar shows it picked (on a busy machine a large canvas opens slowly, and
 * a pick made under its loading cover would leave the selection tool on).
 */
export async function pickDrawTool(page: Page): Promise<void> {
  await openBoard(page).waitFor();
  await page.getByRole('radio', { name: /^Draw/ }).first().click({ force: true });
  await page
    .getByRole('radio', { name: /^Draw/, checked: true })
    .first()
    .waitFor({ state: 'attached' });
}

/**
 * Draws a zig-zag with the mouse inside `region` (page pixels), then parks the pointer at the
 * board's bottom-left corner so the stroke is not hidden under the cursor.
 */
export async function drawZigZag(
  page: Page,
  region: { x: number; y: number; width: number; height: number },
): Promise<void> {
  await pickDrawTool(page);
  const { x, y, width, height } = region;
  await page.mouse.move(x + width * 0.1, y + height * 0.2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(x + width * (0.1 + 0.13 * i), y + height * (i % 2 ? 0.8 : 0.2), {
      steps: 6,
    });
  }
  await page.mouse.up();
  const park = await boardRegion(page, 0.02, 0.95, 0, 0);
  await page.mouse.move(park.x, park.y);
}

/** A PNG of part of the page, for before/after comparisons of the drawing. */
export function snapshot(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  return page.screenshot({ clip, animations: 'disabled' });
}

/** Where failing tests leave a screenshot of each actor's page. */
export const FAILURE_SHOTS_DIR = '/tmp/tabula-e2e-failures';

/**
 * Saves each actor's page as `<test name>-<actor>.png` in FAILURE_SHOTS_DIR; call it from
 * `afterEach` when the test failed.
 */
export async function saveFailureShots(
  testName: string,
  actors: Record<string, Actor | undefined>,
): Promise<void> {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [who, actor] of Object.entries(actors)) {
    if (!actor || actor.page.isClosed()) continue;
    await actor.page
      .screenshot({ path: `${FAILURE_SHOTS_DIR}/${slug}-${who}.png` })
      .catch(() => undefined);
  }
}

/**
 * The hooks every suite needs: after each test, screenshots of the actors' pages when it
 * failed and the local-only check; after all, the browser closed. Call it inside `describe`.
 */
export function checkActorsAfterEach(
  actors: () => Record<string, Actor | undefined>,
  browser: () => Browser | undefined,
): void {
  afterEach(async ({ task }) => {
    const all = actors();
    if (task.result?.state === 'fail') await saveFailureShots(task.name, all);
    expectLocalOnly(...Object.values(all));
  });
  afterAll(async () => {
    await browser()?.close();
  });
}
