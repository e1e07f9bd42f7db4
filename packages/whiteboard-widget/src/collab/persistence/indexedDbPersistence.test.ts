/**
 * The IndexedDB persistence on `fake-indexeddb` (an in-memory implementation of the IndexedDB
 * API): what one client keeps, another (a reload, a second tab) finds.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { rect } from '../../test/elements';
import type { CanvasPersistence } from './CanvasPersistence';
import { indexedDbPersistence } from './indexedDbPersistence';

const opened: CanvasPersistence[] = [];
afterEach(() => {
  for (const persistence of opened.splice(0)) persistence.close();
});

function open(factory: IDBFactory, name = 'tabula:alice'): CanvasPersistence {
  const persistence = indexedDbPersistence(name, { indexedDB: factory });
  opened.push(persistence);
  return persistence;
}

const change = (eventId: string, id = eventId) => ({ eventId, elements: [rect(id)] });

describe('indexedDbPersistence', () => {
  it('keeps a scene with its revision and last sync, found by a new instance (a reload)', async () => {
    const factory = new IDBFactory();
    await open(factory).saveScene('c1', { elements: [rect('a')], revision: 7, syncedAt: 1234 });
    const again = open(factory);
    expect(await again.loadScene('c1')).toEqual({
      elements: [rect('a')],
      revision: 7,
      syncedAt: 1234,
    });
    expect(await again.loadScene('never-opened')).toBeNull();
  });

  it('keeps the outbox in order across instances, once per event id, and forgets settled entries', async () => {
    const factory = new IDBFactory();
    const tab1 = open(factory);
    const tab2 = open(factory);
    await tab1.addToOutbox('c1', [change('e1'), change('e2')]);
    await tab2.addToOutbox('c1', [change('e3'), change('e1')]);
    await tab2.addToOutbox('c2', [change('x1')]);
    expect((await tab1.loadOutbox('c1')).map((entry) => entry.eventId)).toEqual(['e1', 'e2', 'e3']);
    await tab1.removeFromOutbox('c1', ['e2']);
    expect((await tab2.loadOutbox('c1')).map((entry) => entry.eventId)).toEqual(['e1', 'e3']);
    expect(await tab2.hasUnsentChanges()).toBe(true);
  });

  it('tells other instances of the same database when an outbox changed', async () => {
    const factory = new IDBFactory();
    const tab1 = open(factory);
    const tab2 = open(factory);
    const heard = new Promise<void>((resolve) => {
      const stop = tab2.watchOutbox('c1', () => {
        stop();
        resolve();
      });
    });
    await tab1.addToOutbox('c1', [change('e1')]);
    await heard;
  });

  it('lists the kept canvases with their last sync and unsent count, and forgets a canvas or everything', async () => {
    const factory = new IDBFactory();
    const persistence = open(factory);
    await persistence.saveScene('c1', { elements: [], revision: 1, syncedAt: 100 });
    await persistence.saveScene('c2', { elements: [], revision: 2, syncedAt: 200 });
    await persistence.addToOutbox('c2', [change('e1'), change('e2')]);
    await persistence.saveFiles('c2', [
      {
        id: 'f1',
        mimeType: 'image/png',
        dataURL: 'data:image/png;base64,AA==',
        created: 1,
        uploaded: false,
      },
    ]);
    const byId = (list: Awaited<ReturnType<CanvasPersistence['listCanvases']>>) =>
      [...list].sort((a, b) => a.canvasId.localeCompare(b.canvasId));
    expect(byId(await persistence.listCanvases())).toEqual([
      { canvasId: 'c1', syncedAt: 100, unsent: 0 },
      { canvasId: 'c2', syncedAt: 200, unsent: 2 },
    ]);
    expect((await persistence.loadFiles('c2')).map((file) => [file.id, file.uploaded])).toEqual([
      ['f1', false],
    ]);
    await persistence.removeCanvas('c2');
    expect(await persistence.loadOutbox('c2')).toEqual([]);
    expect(await persistence.loadFiles('c2')).toEqual([]);
    expect(await persistence.hasUnsentChanges()).toBe(false);
    await persistence.clear();
    expect(await persistence.listCanvases()).toEqual([]);
  });

  it('keeps each account apart', async () => {
    const factory = new IDBFactory();
    await open(factory, 'tabula:alice').addToOutbox('c1', [change('e1')]);
    expect(await open(factory, 'tabula:bob').hasUnsentChanges()).toBe(false);
  });

  it('gives the sender lock of a canvas to one holder at a time, the next once it is released', async () => {
    const persistence = open(new IDBFactory());
    const first = persistence.lockSender('c1');
    const second = persistence.lockSender('c1');
    const other = persistence.lockSender('c2');
    let secondHeld = false;
    void second.held.then(() => (secondHeld = true));
    await first.held;
    await other.held;
    await Promise.resolve();
    expect(secondHeld).toBe(false);
    first.release();
    await second.held;
    second.release();
    other.release();
  });
});
