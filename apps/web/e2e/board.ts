/**
 * Reading the open board in a browser test through the app's read-only probe
 * (`window.__tabulaBoard`, asked for by `openActor`): the editor's own scene, as drawn.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SceneElement } from '@tabula/domain';
import type { BoardProbe } from '../src/features/canvases/boardProbe';
import { pageLog } from './pageLog';

type ProbedWindow = Window & { __tabulaBoard?: BoardProbe };

/**
 * Waits until the board of `canvasId` is shown as ready (loaded, the 'Opening canvas…' cover
 * gone) and returns the elements the editor holds at that moment, not later: a board that
 * looks ready but is empty is caught.
 */
export async function elementsWhenReady(
  page: Page,
  canvasId: string,
  timeout = 20_000,
): Promise<SceneElement[]> {
  try {
    const handle = await page.waitForFunction(
      (id) => {
        const probe = (window as ProbedWindow).__tabulaBoard;
        if (probe?.canvasId !== id || !probe.loaded) return null;
        if (document.querySelector('.tw-board__opening')) return null;
        return probe.elements();
      },
      canvasId,
      { timeout, polling: 50 },
    );
    return (await handle.jsonValue()) as SceneElement[];
  } catch (error) {
    throw new Error(
      `The board of ${canvasId} was not ready within ${timeout} ms.\n` +
        `${await boardState(page)}\nPage log:\n${pageLog(page)}`,
      { cause: error },
    );
  }
}

/** Where the page stands, for a board that never became ready. */
async function boardState(page: Page): Promise<string> {
  const state = page.evaluate(() => {
    const probe = (window as ProbedWindow).__tabulaBoard;
    return {
      path: location.pathname,
      probe: probe ? { canvasId: probe.canvasId, loaded: probe.loaded } : 'none',
      openingCover: document.querySelector('.tw-board__opening') !== null,
      statuses: [...document.querySelectorAll('[role="status"], [role="alert"]')].map(
        (node) => node.textContent,
      ),
      date: new Date().toISOString(),
      visibility: document.visibilityState,
    };
  });
  // Whether the page's timers still fire: a stalled (test-installed) clock stalls the editor.
  const timers = Promise.race([
    page.evaluate(() => new Promise<string>((resolve) => setTimeout(() => resolve('fire'), 0))),
    new Promise<string>((resolve) => setTimeout(() => resolve('stalled for 2 s'), 2_000)),
  ]);
  const answer = await Promise.all([state, timers]).catch(
    (error: unknown) => `the page did not answer: ${String(error)}`,
  );
  return `Board state: ${JSON.stringify(answer)}`;
}

/** The elements the open board's editor holds now (none when no board is open). */
export function boardElements(page: Page): Promise<SceneElement[]> {
  return page.evaluate(() => (window as ProbedWindow).__tabulaBoard?.elements() ?? []);
}

/** Peers' elements in progress on the open board's peer layer (their ink, not yet committed). */
export function boardPreviews(page: Page): Promise<SceneElement[]> {
  return page.evaluate(() => [...((window as ProbedWindow).__tabulaBoard?.previews() ?? [])]);
}

/** The ids of elements, sorted (to compare scenes whatever their order). */
export function elementIds(elements: readonly SceneElement[]): string[] {
  return elements.map((element) => element.id).sort();
}

/** Waits until the open board holds exactly these element ids. */
export async function expectBoardIds(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(async () => elementIds(await boardElements(page)), { timeout: 15_000 })
    .toEqual(expected);
}

/**
 * Drops a magenta PNG on the board, as a file dragged from the desktop: 160×100 with a random
 * pixel, so its bytes (and file id) are new each time; `at` is where on the board, as fractions
 * of its width and height (the middle by default).
 */
export async function dropPicture(page: Page, at = { x: 0.5, y: 0.5 }): Promise<void> {
  await page.evaluate(async (where) => {
    const canvas = new OffscreenCanvas(160, 100);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ff00ff';
    context.fillRect(0, 0, 160, 100);
    context.fillStyle = `rgb(${Math.floor(Math.random() * 255)}, 10, 10)`;
    context.fillRect(4, 95, 2, 2);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'picture.png', { type: 'image/png' }));
    const target = document.querySelector('.excalidraw-container')!;
    const box = target.getBoundingClientRect();
    target.dispatchEvent(
      new DragEvent('drop', {
        bubbles: true,
        cancelable: true,
        dataTransfer: transfer,
        clientX: box.x + box.width * where.x,
        clientY: box.y + box.height * where.y,
      }),
    );
  }, at);
}
