/**
 * What the offline canvas tests read and do in the page: what the device keeps of the
 * signed-in account's canvases (its IndexedDB database `tabula:<userId>`, read, never
 * written), short strokes drawn with the mouse, a picture dropped on the board, the sync pill,
 * a big canvas seeded, and the server's stored strokes per element.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { excalidrawElement } from '@tabula/testing';
import { lineDrawnEvents } from './serverAccess';
import type { ServerClient } from './serverAccess';
import type { BoardProbe } from '../src/features/canvases/boardProbe';
import { boardRegion, pickDrawTool } from './support';

/** Waits until a service worker controls the page (it has precached the app). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 120_000,
  });
}

/** What the device keeps of one canvas. */
export interface KeptOnDevice {
  /** Elements of the kept scene (null: no scene kept). */
  scene: number | null;
  /** Changes waiting in the outbox. */
  outbox: number;
  /** The ids of the elements those changes hold. */
  outboxIds: string[];
  /** Image files kept, by id. */
  files: string[];
}

/**
 * What the device keeps of `canvasId` for the signed-in user (from the page's kept session).
 * Opens the database only once it exists, never creating it (which would skip the app's
 * upgrade).
 */
export function keptOnDevice(page: Page, canvasId: string): Promise<KeptOnDevice> {
  return page.evaluate(async (id) => {
    const user = JSON.parse(localStorage.getItem('session-user') ?? '{}') as { id?: string };
    const name = `tabula:${user.id}`;
    const none = { scene: null, outbox: 0, outboxIds: [] as string[], files: [] as string[] };
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return none;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) return none;
      const transaction = db.transaction(['scenes', 'outbox', 'files'], 'readonly');
      const get = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      const [scene, outbox, files] = await Promise.all([
        // The scene is kept as JSON text (`json`; versions before kept `elements`).
        get(transaction.objectStore('scenes').get(id)) as Promise<
          { json?: string; elements?: { isDeleted?: boolean }[] } | undefined
        >,
        get(transaction.objectStore('outbox').index('canvasId').getAll(id)) as Promise<
          { elements: { id: string }[] }[]
        >,
        get(transaction.objectStore('files').index('canvasId').getAll(id)) as Promise<
          { id: string }[]
        >,
      ]);
      return {
        scene: scene
          ? (
              (scene.json === undefined ? scene.elements : JSON.parse(scene.json)) as {
                isDeleted?: boolean;
              }[]
            ).filter((element) => !element.isDeleted).length
          : null,
        outbox: outbox.length,
        outboxIds: [...new Set(outbox.flatMap((change) => change.elements.map((e) => e.id)))],
        files: files.map((file) => file.id),
      };
    } finally {
      db.close();
    }
  }, canvasId);
}

/** Waits until the device keeps a scene of `canvasId` with at least `elements` elements. */
export async function expectKeptScene(page: Page, canvasId: string, elements: number) {
  await expect
    .poll(async () => (await keptOnDevice(page, canvasId)).scene ?? -1, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(elements);
}

/** Waits until `count` changes of `canvasId` wait in the device's outbox. */
export async function expectOutbox(page: Page, canvasId: string, count: number) {
  await expect
    .poll(async () => (await keptOnDevice(page, canvasId)).outbox, { timeout: 60_000 })
    .toBe(count);
}

/** The board's sync pill. */
export function syncPill(page: Page): Locator {
  return page.locator('.tabula-connection-badge');
}

/**
 * Draws `count` short free-draw strokes, each in a cell of a 10 × 8 grid over the board (so
 * no two overlap), starting at cell `from`.
 */
export async function drawStrokes(page: Page, count: number, from = 0): Promise<void> {
  // A tab in the background gets no animation frames: the editor would miss strokes.
  await page.bringToFront();
  await pickDrawTool(page);
  // Right of the editor's style panel, under its toolbar, above its footer and the sync pill.
  const area = await boardRegion(page, 0.25, 0.15, 0.7, 0.7);
  const columns = 10;
  for (let n = from; n < from + count; n += 1) {
    const cellWidth = area.width / columns;
    const cellHeight = area.height / 8;
    const x = area.x + (n % columns) * cellWidth + cellWidth * 0.2;
    const y = area.y + (Math.floor(n / columns) % 8) * cellHeight + cellHeight * 0.2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + cellWidth * 0.3, y + cellHeight * 0.5, { steps: 3 });
    await page.mouse.move(x + cellWidth * 0.6, y, { steps: 3 });
    await page.mouse.up();
  }
}

/** How many times the server's log stored each element id of `canvasId` (LineDrawn events). */
export function storedTimes(canvasId: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const event of lineDrawnEvents(canvasId))
    for (const element of event.elements) times.set(element.id, (times.get(element.id) ?? 0) + 1);
  return times;
}

/** Waits until the board of `canvasId` is ready and returns how many elements it holds. */
export async function readyCount(page: Page, canvasId: string): Promise<number> {
  const handle = await page.waitForFunction(
    (id) => {
      const probe = (window as Window & { __tabulaBoard?: BoardProbe }).__tabulaBoard;
      if (probe?.canvasId !== id || !probe.loaded) return null;
      if (document.querySelector('.tw-board__opening')) return null;
      return probe.count();
    },
    canvasId,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Adds `count` rectangles to `canvasId` in requests the server's size limit allows. */
export async function addRectangles(
  client: ServerClient,
  canvasId: string,
  count: number,
): Promise<void> {
  const BATCH = 200;
  for (let start = 0; start < count; start += BATCH) {
    const elements = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const n = start + k;
      return excalidrawElement({
        id: `big-${canvasId.slice(-6)}-${n}`,
        index: `b${n.toString(36).padStart(4, '0')}`,
        x: (n % 100) * 30,
        y: Math.floor(n / 100) * 30,
        width: 24,
        height: 24,
        seed: n + 1,
        versionNonce: n + 1,
      });
    });
    await client.request('canvas-update', {
      canvasId,
      eventId: `big-${canvasId}-${start}`,
      elements,
    });
  }
}

/** How many pixels of the board's drawing are magenta (the dropped picture, drawn from its file). */
export function magentaPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! > 230 && data[i + 1]! < 40 && data[i + 2]! > 230) count += 1;
    return count;
  });
}
