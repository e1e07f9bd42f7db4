/**
 * Chromium for tests: Debian's build, headless, with nothing that phones home, plus a guard
 * that keeps every request of a browser context on this machine.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** The switches every test browser starts with: headless and silent towards the internet. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`) with CHROMIUM_FLAGS. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
}

/**
 * How long any one wait of a test page may take before it counts as hung: a guard sized for a
 * machine busy ten times over (a first page of a Vite dev server optimises its dependencies),
 * never a verdict. Playwright's own default, 30 s, failed a clean clone at load 9.
 */
export const PAGE_WAIT_MS = 120_000;

/** A new context of `browser` whose every wait (`waitFor…`, clicks, navigations) is guarded by PAGE_WAIT_MS. */
export async function guardedContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(PAGE_WAIT_MS);
  return context;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const IN_PAGE_PROTOCOLS = new Set(['data:', 'blob:', 'about:']);

/** True for a URL that stays on this machine or never leaves the page (data:, blob:, about:). */
export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (IN_PAGE_PROTOCOLS.has(parsed.protocol)) return true;
  return LOCAL_HOSTS.has(parsed.hostname);
}

/** What `guardLocalOnly` saw: requests blocked for leaving the machine, and every request. */
export interface LocalOnlyGuard {
  /** URLs that would have left localhost (they were aborted). Must stay empty. */
  outside: string[];
  /** Every URL the context requested, in order. */
  all: string[];
}

/**
 * Blocks and records every request of `context` that would leave localhost, so a test never
 * waits on the internet and can assert `outside` is empty at its end.
 */
export async function guardLocalOnly(context: BrowserContext): Promise<LocalOnlyGuard> {
  const guard: LocalOnlyGuard = { outside: [], all: [] };
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLocalUrl(url)) return route.continue();
    if (!guard.outside.includes(url)) guard.outside.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    const url = request.url();
    guard.all.push(url);
    if (!isLocalUrl(url) && !guard.outside.includes(url)) guard.outside.push(url);
  });
  // WebSockets bypass context.route in Chromium; record them through the page events.
  context.on('page', (page) => {
    page.on('websocket', (socket) => {
      const url = socket.url();
      guard.all.push(url);
      if (!isLocalUrl(url) && !guard.outside.includes(url)) guard.outside.push(url);
    });
  });
  return guard;
}

/** Drags the mouse through `points` (page coordinates) with the left button held. */
export async function drag(
  page: Page,
  points: readonly (readonly [number, number])[],
): Promise<void> {
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
