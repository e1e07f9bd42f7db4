// Opening stories and docs pages of the built catalogue in a Playwright page.
import type { Page } from 'playwright-core';

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

/** Waits until the preview has rendered `id` (or failed to): 'rendered' or 'error'. */
export async function waitForStory(page: Page, id: string): Promise<string> {
  const state = await page.waitForFunction(`(${RENDER_STATE})(${JSON.stringify(id)})`, undefined, {
    timeout: 20_000,
  });
  return (await state.jsonValue()) as string;
}

/** A story on a full page load. */
export async function openStory(page: Page, origin: string, id: string): Promise<string> {
  await page.goto(`${origin}/iframe.html?id=${id}&viewMode=story`);
  return waitForStory(page, id);
}

/** Another story switched in place through the preview's channel, as the manager does. */
export async function switchStory(page: Page, id: string): Promise<string> {
  await page.evaluate(
    `window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: ${JSON.stringify(id)}, viewMode: 'story' })`,
  );
  return waitForStory(page, id);
}
