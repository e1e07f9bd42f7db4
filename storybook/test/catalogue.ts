// What the tests share: the built catalogue's index and a page that records what goes wrong.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '@tabula/testing';
import { STATIC_DIR } from './buildStorybook';
import { serveStatic } from './staticServer';
import type { StaticServer } from './staticServer';

/** One entry of storybook-static/index.json. */
export interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

/** The entries of the built catalogue (a story or a component's docs page). */
export function catalogueEntries(): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  return Object.values(index.entries);
}

/**
 * A new page whose console errors, uncaught errors and requests leaving 127.0.0.1 (never sent)
 * are pushed to `problems`.
 */
export async function watchedPage(browser: Browser, problems: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    problems.push(`request left 127.0.0.1: ${url.href}`);
    return route.abort();
  });
  return page;
}

/** The served catalogue and one watched Chromium page on it, for a test file. */
export interface CatalogueSession {
  /** http://127.0.0.1:<port> */
  origin: string;
  page: Page;
  /** What went wrong on the page (clear it in place between tests). */
  problems: string[];
}

/**
 * Serves storybook-static and opens a watched page in Chromium before the file's tests, and
 * closes both after them; `prepare` runs on the new page (init scripts).
 */
export function openCatalogue(prepare?: (page: Page) => Promise<unknown>): CatalogueSession {
  const session = { origin: '', problems: [] as string[] } as CatalogueSession;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await serveStatic(STATIC_DIR);
    session.origin = server.origin;
    browser = await launchChromium();
    session.page = await watchedPage(browser, session.problems);
    await prepare?.(session.page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return session;
}
