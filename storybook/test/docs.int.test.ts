// Every component of packages/ui has a docs page (autodocs: description, props table, stories),
// and every docs page of the built catalogue renders in Chromium without a console error, an
// uncaught error or a request leaving 127.0.0.1, its framed stories (the dialogs') included.
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogueEntries, openCatalogue } from './catalogue';

const UI_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../packages/ui/src');

/** packages/ui's components: each `<Folder>/<Name>.tsx` that is not a story or a test. */
function uiComponents(): string[] {
  return readdirSync(UI_SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !['shared', 'test'].includes(entry.name))
    .flatMap((folder) =>
      readdirSync(join(UI_SRC, folder.name))
        .filter((file) => /^[A-Z]\w*\.tsx$/.test(file) && !/\.(stories|test)\.tsx$/.test(file))
        .map((file) => basename(file, '.tsx')),
    )
    .sort();
}

const docsPages = catalogueEntries().filter((entry) => entry.type === 'docs');

/** Records the ids of the docs pages Storybook reports rendered, from the page's first script. */
const RECORD_DOCS_RENDERED = `(() => {
  let channel;
  window.__docsRendered = [];
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: (next) => {
      channel = next;
      next.on('docsRendered', (id) => window.__docsRendered.push(id));
    },
  });
})()`;

const catalogue = openCatalogue((page) => page.addInitScript(RECORD_DOCS_RENDERED));

/**
 * Each story a docs page shows in a frame of its own (the dialogs'), once it has rendered. The
 * frames load lazily: each is scrolled into view first.
 */
async function framedStories(target: Page): Promise<string[]> {
  const states: string[] = [];
  for (const element of await target.locator('.docs-story iframe').elementHandles()) {
    await element.scrollIntoViewIfNeeded();
    const frame = await element.contentFrame();
    if (!frame) {
      states.push('a frame without a document');
      continue;
    }
    await frame.waitForURL(/[?&]id=/);
    const id = new URL(frame.url()).searchParams.get('id') ?? '';
    const state = await frame.waitForFunction(
      `(() => { const r = window.__STORYBOOK_PREVIEW__ && window.__STORYBOOK_PREVIEW__.currentRender;
        return !!r && r.id === ${JSON.stringify(id)} && ['completed', 'finished', 'errored'].includes(r.phase) && r.phase; })()`,
      undefined,
      { timeout: 20_000 },
    );
    states.push(`${id}: ${String(await state.jsonValue())}`);
  }
  return states;
}

describe('storybook docs pages', () => {
  it('has one for every component of packages/ui', () => {
    const components = uiComponents();
    expect(components.length).toBeGreaterThan(25);
    const documented = new Set(
      docsPages
        .filter((entry) => entry.title.startsWith('UI/'))
        .map((entry) => entry.title.split('/').at(-1)),
    );
    expect(components.filter((name) => !documented.has(name))).toEqual([]);
  });

  it.each(docsPages.map((entry) => [entry.title, entry] as const))(
    '%s renders its docs page',
    async (title, { id }) => {
      const { page, problems } = catalogue;
      problems.length = 0;
      await page.goto(`${catalogue.origin}/iframe.html?id=${id}&viewMode=docs`);
      await page.waitForFunction(
        `window.__docsRendered.includes(${JSON.stringify(id)}) || document.body.classList.contains('sb-show-errordisplay')`,
        undefined,
        { timeout: 30_000 },
      );
      const heading = await page.locator('.sbdocs-title').first().innerText();
      const framedStates = await framedStories(page);
      const isUi = title.startsWith('UI/');
      const propsRows = isUi ? await page.locator('.docblock-argstable-body tr').count() : 1;
      // Effects (timers, listeners) get a moment to misbehave before the verdict.
      await page.waitForTimeout(50);
      expect({
        heading,
        failedFrames: framedStates.filter((state) => !/: (completed|finished)$/.test(state)),
        hasProps: propsRows > 0,
        problems,
      }).toEqual({
        heading: title.split('/').at(-1),
        failedFrames: [],
        hasProps: true,
        problems: [],
      });
    },
  );
});
