// Renders every story of the built catalogue in Debian's Chromium and fails on a console error,
// an uncaught page error, a Storybook error display, any request that leaves 127.0.0.1, or a
// serious or critical axe-core violation (Excalidraw's own DOM inside the widget excepted).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBlockingA11yViolations, formatA11yViolations, launchChromium } from '@tabula/testing';
import { STATIC_DIR } from './buildStorybook';
import { serveStatic } from './staticServer';
import type { StaticServer } from './staticServer';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

/** Excalidraw's own markup: its accessibility is upstream's, not this catalogue's. */
const AXE_EXCLUDE = ['.excalidraw'];

let server: StaticServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let loadedGroup: string | undefined;

/**
 * Runs in the page: the outcome of the preview's current render of `storyId`, or false while it
 * is still under way. Storybook reloads the page when a story is switched mid-render, so every
 * story is awaited to the end. Kept as source text so the test runner's transforms never reach
 * code that runs in the browser.
 */
const RENDER_STATE = `(storyId) => {
  const render = window.__STORYBOOK_PREVIEW__ && window.__STORYBOOK_PREVIEW__.currentRender;
  if (!render || render.id !== storyId) return false;
  if (render.phase === 'errored' || document.body.classList.contains('sb-show-errordisplay')) return 'error';
  return ['completed', 'finished'].includes(render.phase) ? 'rendered' : false;
}`;

async function waitForStory(target: Page, id: string): Promise<string> {
  const state = await target.waitForFunction(
    `(${RENDER_STATE})(${JSON.stringify(id)})`,
    undefined,
    {
      timeout: 20_000,
    },
  );
  return (await state.jsonValue()) as string;
}

/** The first story of a component: a full page load. */
async function openStory(target: Page, id: string): Promise<string> {
  await target.goto(`${server.origin}/iframe.html?id=${id}&viewMode=story`);
  return waitForStory(target, id);
}

/** Its further stories switch in place through the preview's channel, as the manager does. */
async function switchStory(target: Page, id: string): Promise<string> {
  await target.evaluate(
    `window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: ${JSON.stringify(id)}, viewMode: 'story' })`,
  );
  return waitForStory(target, id);
}

beforeAll(async () => {
  server = await serveStatic(STATIC_DIR);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Nothing may leave the machine: such requests are recorded and never sent.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    problems.push(`request left 127.0.0.1: ${url.href}`);
    return route.abort();
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('storybook catalogue', () => {
  it('holds the stories of packages/ui', () => {
    expect(stories.filter((story) => story.title.startsWith('UI/')).length).toBeGreaterThan(20);
  });

  it.each(stories.map((story) => [`${story.title} › ${story.name}`, story] as const))(
    '%s renders without errors',
    async (_label, { id, title }) => {
      problems = [];
      // A fresh page per top-level group (UI, Whiteboard), so nothing late of the heavy widget
      // (fonts, workers) is blamed on a UI story; inside a group stories switch in place.
      const group = title.split('/')[0];
      const outcome =
        group === loadedGroup ? await switchStory(page, id) : await openStory(page, id);
      loadedGroup = group;
      const errorText =
        outcome === 'rendered'
          ? []
          : await page.locator('#error-message, #error-stack').allInnerTexts();
      // Effects (timers, listeners) get a moment to misbehave before the verdict.
      await page.waitForTimeout(50);
      const a11y = formatA11yViolations(await findBlockingA11yViolations(page, AXE_EXCLUDE));
      expect({ outcome, errorText, problems, a11y }).toEqual({
        outcome: 'rendered',
        errorText: [],
        problems: [],
        a11y: '',
      });
    },
  );
});
