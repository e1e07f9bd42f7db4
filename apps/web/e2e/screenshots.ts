/**
 * Saves every screen at 1280 px and 390 px wide into /tmp/tabula-shots/ (or SHOTS_DIR), for
 * a person to review: `npx tsx e2e/screenshots.ts` from apps/web, after building the app.
 * E2E_WEB_DIST serves another build than apps/web/dist.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardLocalOnly, launchChromium, startTabulaServer } from '@tabula/testing';
import type { Browser, Page } from 'playwright-core';

const OUT = process.env.SHOTS_DIR ?? '/tmp/tabula-shots';
const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function userPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: WIDTHS[0] });
  const guard = await guardLocalOnly(context);
  const page = await context.newPage();
  page.on('close', () => {
    if (guard.outside.length) console.warn('Requests that left 127.0.0.1:', guard.outside);
  });
  return page;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(OUT, `${name}-${width}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

async function signUp(page: Page, username: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill(`Shot ${username}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(`${username}-secret-pw`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startTabulaServer({ webDist: WEB_DIST });
  const browser = await launchChromium();
  try {
    const owner = await userPage(browser, server.url);
    const guest = await userPage(browser, server.url);

    // Visitor screens first, in the owner's context before it signs in.
    for (const size of WIDTHS) {
      await owner.setViewportSize(size);
      await owner.goto('/');
      await shot(owner, 'landing');
      await owner.goto('/signin');
      await shot(owner, 'signin');
      await owner.goto('/signup');
      await shot(owner, 'signup');
      await owner.goto('/no/such/page');
      await shot(owner, '404');
    }

    const stamp = Date.now().toString(36).slice(-5);
    await signUp(owner, `owner_${stamp}`);
    await signUp(guest, `guest_${stamp}`);

    // A personal canvas, and a live one the guest joined.
    await owner.goto('/canvases');
    await owner.getByRole('button', { name: 'New canvas' }).first().click();
    await owner.waitForURL(/\/canvas\//);
    const canvasPath = new URL(owner.url()).pathname;
    const canvasId = canvasPath.split('/')[2] ?? '';
    await owner.getByRole('button', { name: /Online users/ }).click();
    await owner
      .getByRole('dialog', { name: 'All Online Users' })
      .getByRole('button', { name: 'Invite' })
      .click();
    await guest
      .getByRole('dialog', { name: 'Invitation to collaborate' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await guest.waitForURL(/\/livecanvas\//);

    for (const size of WIDTHS) {
      await owner.setViewportSize(size);
      await guest.setViewportSize(size);
      await owner.goto('/');
      await shot(owner, 'landing-signed-in');
      await owner.goto('/canvases');
      await shot(owner, 'canvases');
      await guest.goto('/livecanvases');
      await shot(guest, 'livecanvases');
      await owner.goto('/profile');
      await shot(owner, 'profile');
      await owner.goto(canvasPath);
      await shot(owner, 'canvas');
      await owner.getByRole('button', { name: /Online users/ }).click();
      await shot(owner, 'online-users-popup');
      await owner.keyboard.press('Escape');
      await owner.getByRole('button', { name: 'Delete canvas' }).click();
      await shot(owner, 'delete-popup');
      await owner.getByRole('button', { name: 'Cancel' }).click();
      await guest.goto(`/livecanvas/${canvasId}`);
      await shot(guest, 'livecanvas');
      await guest.goto('/canvas/no-such-canvas');
      await guest.getByRole('heading', { name: 'Canvas not found.' }).waitFor();
      await shot(guest, 'canvas-not-found');
      if (size.width < 768) {
        await owner.goto('/');
        await owner.getByRole('button', { name: 'Open menu' }).click();
        await shot(owner, 'mobile-menu');
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
