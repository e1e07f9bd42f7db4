import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that phones home. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for a URL that stays on this machine (or never leaves the page: data:, blob:). */
export function isLocalUrl(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'about:')
    return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

/**
 * Records every request the context makes that would leave localhost, and blocks it (so a
 * test never waits on the internet). Check `outside` at the end: it must stay empty.
 */
export async function guardLocalOnly(
  context: BrowserContext,
): Promise<{ outside: string[]; all: string[] }> {
  const outside: string[] = [];
  const all: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLocalUrl(url)) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    const url = request.url();
    all.push(url);
    if (!isLocalUrl(url) && !outside.includes(url)) outside.push(url);
  });
  return { outside, all };
}

/** Drags the mouse from `from` through `points` with the button held. */
export async function drag(page: Page, points: readonly [number, number][]): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(first[0], first[1]);
  await page.mouse.down();
  for (const [x, y] of rest) await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.up();
}

/** Picks an Excalidraw tool from its toolbar (the icon covers the radio input it labels). */
export async function pickTool(
  page: Page,
  tool: 'rectangle' | 'freedraw' | 'selection',
): Promise<void> {
  await page.locator(`[data-testid="toolbar-${tool}"]`).first().click({ force: true });
}
