/**
 * `CanvasPersistence` in the browser's IndexedDB: one database per account (its `name`), with
 * a small record per canvas (`canvases`: revision, last sync), its scene (`scenes`), its image
 * files (`files`) and the changes waiting for the server (`outbox`, in the order they were
 * kept, whichever tab kept them). Outbox writes ask for strict durability: a change counts as
 * queued only once it would survive a killed browser. Tabs hear of each other's outbox changes
 * over a `BroadcastChannel`.
 */
import type { SceneElement } from '@tabula/domain';
import type {
  CanvasPersistence,
  KeptCanvasSummary,
  KeptChange,
  KeptFile,
  StorageUse,
} from './CanvasPersistence';
import { openDatabase, requestResult, transactionDone } from './idbRequest';
import { exclusiveLock } from './senderLock';

/** Options of `indexedDbPersistence`. */
export interface IndexedDbPersistenceOptions {
  /** The IndexedDB to use (default the browser's `indexedDB`; tests pass `fake-indexeddb`'s). */
  indexedDB?: IDBFactory;
  /** How full storage is (default `navigator.storage.estimate()`; a test hook for a small quota). */
  estimate?: () => Promise<StorageUse | null>;
}

const VERSION = 1;
const CANVASES = 'canvases';
const SCENES = 'scenes';
const OUTBOX = 'outbox';
const FILES = 'files';
const STORES = [CANVASES, SCENES, OUTBOX, FILES];

interface CanvasRecord {
  canvasId: string;
  revision: number;
  syncedAt: number;
}

/**
 * A kept scene: its elements as JSON text. Chromium clones a string into and out of the
 * database at the cost of a copy, and an array of 20,000 elements with their million point
 * arrays at seconds' cost; `JSON.parse` takes a fraction of that. Versions before kept the
 * array (`elements`), which is still read.
 */
type SceneRecord = { canvasId: string } & ({ json: string } | { elements: SceneElement[] });

interface OutboxRecord extends KeptChange {
  seq?: number;
  canvasId: string;
}

interface FileRecord extends KeptFile {
  canvasId: string;
}

function upgrade(db: IDBDatabase): void {
  db.createObjectStore(CANVASES, { keyPath: 'canvasId' });
  db.createObjectStore(SCENES, { keyPath: 'canvasId' });
  const outbox = db.createObjectStore(OUTBOX, { keyPath: 'seq', autoIncrement: true });
  outbox.createIndex('canvasId', 'canvasId');
  outbox.createIndex('eventId', ['canvasId', 'eventId'], { unique: true });
  const files = db.createObjectStore(FILES, { keyPath: ['canvasId', 'id'] });
  files.createIndex('canvasId', 'canvasId');
}

function browserEstimate(): Promise<StorageUse | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return Promise.resolve(null);
  return storage.estimate().then(
    ({ usage, quota }) => (quota ? { usage: usage ?? 0, quota } : null),
    () => null,
  );
}

/** Deletes every record of `canvasId` from `store` (through its `canvasId` index). */
function deleteByCanvas(transaction: IDBTransaction, store: string, canvasId: string): void {
  const index = transaction.objectStore(store).index('canvasId');
  const request = index.openKeyCursor(canvasId);
  request.onsuccess = () => {
    const cursor = request.result;
    if (!cursor) return;
    transaction.objectStore(store).delete(cursor.primaryKey);
    cursor.continue();
  };
}

/** How many records of each canvas `index` (on `canvasId`) holds. */
function countByCanvas(index: IDBIndex): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const request = index.openKeyCursor();
  return new Promise((resolve, reject) => {
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(counts);
      const canvasId = String(cursor.key);
      counts.set(canvasId, (counts.get(canvasId) ?? 0) + 1);
      cursor.continue();
    };
  });
}

/**
 * Keeps canvases in the IndexedDB database `name` (one per account: `'tabula:<userId>'`), for
 * `CollaborationClientOptions.persistence`.
 */
export function indexedDbPersistence(
  name: string,
  options: IndexedDbPersistenceOptions = {},
): CanvasPersistence {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) throw new Error('IndexedDB is not available here.');
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => (opened ??= openDatabase(factory, name, VERSION, upgrade));
  const channelName = `tabula-outbox:${name}`;
  const announcer =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
  const localWatchers = new Set<(canvasId: string) => void>();
  const announce = (canvasId: string) => {
    announcer?.postMessage(canvasId);
    // Without a channel, clients of this persistence still hear of each other.
    if (!announcer) for (const watcher of localWatchers) watcher(canvasId);
  };

  async function run<T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (transaction: IDBTransaction) => Promise<T> | T,
    durability: 'strict' | 'relaxed' = 'relaxed',
  ): Promise<T> {
    const db = await database();
    const transaction = db.transaction(stores, mode, { durability });
    const done = transactionDone(transaction);
    const result = await work(transaction);
    await done;
    return result;
  }

  const persistence: CanvasPersistence = {
    async loadScene(canvasId) {
      return run([CANVASES, SCENES], 'readonly', async (transaction) => {
        const [record, scene] = await Promise.all([
          requestResult(transaction.objectStore(CANVASES).get(canvasId)) as Promise<
            CanvasRecord | undefined
          >,
          requestResult(transaction.objectStore(SCENES).get(canvasId)) as Promise<
            SceneRecord | undefined
          >,
        ]);
        if (!record || !scene) return null;
        const elements =
          'json' in scene ? (JSON.parse(scene.json) as SceneElement[]) : scene.elements;
        return { elements, revision: record.revision, syncedAt: record.syncedAt };
      });
    },
    async loadSceneInfo(canvasId) {
      const record = (await run([CANVASES], 'readonly', (transaction) =>
        requestResult(transaction.objectStore(CANVASES).get(canvasId)),
      )) as CanvasRecord | undefined;
      return record ? { revision: record.revision, syncedAt: record.syncedAt } : null;
    },
    async saveScene(canvasId, scene) {
      await run([CANVASES, SCENES], 'readwrite', (transaction) => {
        const record: CanvasRecord = {
          canvasId,
          revision: scene.revision,
          syncedAt: scene.syncedAt,
        };
        transaction.objectStore(CANVASES).put(record);
        const json = 'json' in scene ? scene.json : JSON.stringify(scene.elements);
        const kept: SceneRecord = { canvasId, json };
        transaction.objectStore(SCENES).put(kept);
      });
    },
    async loadOutbox(canvasId) {
      const records = await run([OUTBOX], 'readonly', (transaction) =>
        requestResult(transaction.objectStore(OUTBOX).index('canvasId').getAll(canvasId)),
      );
      return (records as OutboxRecord[]).map(({ eventId, elements, timing }) =>
        timing ? { eventId, elements, timing } : { eventId, elements },
      );
    },
    async addToOutbox(canvasId, changes) {
      if (changes.length === 0) return;
      await run(
        [OUTBOX],
        'readwrite',
        async (transaction) => {
          const store = transaction.objectStore(OUTBOX);
          for (const change of changes) {
            const known = await requestResult(
              store.index('eventId').getKey([canvasId, change.eventId]),
            );
            if (known !== undefined) continue;
            const record: OutboxRecord = {
              canvasId,
              eventId: change.eventId,
              elements: change.elements,
            };
            if (change.timing) record.timing = change.timing;
            store.add(record);
          }
        },
        'strict',
      );
      announce(canvasId);
    },
    async removeFromOutbox(canvasId, eventIds) {
      if (eventIds.length === 0) return;
      await run(
        [OUTBOX],
        'readwrite',
        async (transaction) => {
          const store = transaction.objectStore(OUTBOX);
          for (const eventId of eventIds) {
            const key = await requestResult(store.index('eventId').getKey([canvasId, eventId]));
            if (key !== undefined) store.delete(key);
          }
        },
        'strict',
      );
      announce(canvasId);
    },
    async loadFiles(canvasId) {
      const records = await run([FILES], 'readonly', (transaction) =>
        requestResult(transaction.objectStore(FILES).index('canvasId').getAll(canvasId)),
      );
      return (records as FileRecord[]).map(({ canvasId: _canvas, ...file }) => file);
    },
    async saveFiles(canvasId, files) {
      if (files.length === 0) return;
      await run([FILES], 'readwrite', (transaction) => {
        for (const file of files) transaction.objectStore(FILES).put({ ...file, canvasId });
      });
    },
    watchOutbox(canvasId, listener) {
      const onCanvas = (changed: string) => {
        if (changed === canvasId) listener();
      };
      if (typeof BroadcastChannel !== 'function') {
        localWatchers.add(onCanvas);
        return () => localWatchers.delete(onCanvas);
      }
      const channel = new BroadcastChannel(channelName);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data === 'string') onCanvas(event.data);
      };
      return () => channel.close();
    },
    lockSender(canvasId) {
      return exclusiveLock(`${channelName}:${canvasId}`);
    },
    async listCanvases() {
      return run([CANVASES, OUTBOX], 'readonly', async (transaction) => {
        const records = (await requestResult(
          transaction.objectStore(CANVASES).getAll(),
        )) as CanvasRecord[];
        const unsent = await countByCanvas(transaction.objectStore(OUTBOX).index('canvasId'));
        const summaries: KeptCanvasSummary[] = records.map((record) => ({
          canvasId: record.canvasId,
          syncedAt: record.syncedAt,
          unsent: unsent.get(record.canvasId) ?? 0,
        }));
        for (const [canvasId, count] of unsent)
          if (!records.some((record) => record.canvasId === canvasId))
            summaries.push({ canvasId, syncedAt: null, unsent: count });
        return summaries;
      });
    },
    async hasUnsentChanges() {
      const count = await run([OUTBOX], 'readonly', (transaction) =>
        requestResult(transaction.objectStore(OUTBOX).count()),
      );
      return count > 0;
    },
    async removeCanvas(canvasId) {
      await run(STORES, 'readwrite', (transaction) => {
        transaction.objectStore(CANVASES).delete(canvasId);
        transaction.objectStore(SCENES).delete(canvasId);
        deleteByCanvas(transaction, OUTBOX, canvasId);
        deleteByCanvas(transaction, FILES, canvasId);
      });
      announce(canvasId);
    },
    async clear() {
      await run(STORES, 'readwrite', (transaction) => {
        for (const store of STORES) transaction.objectStore(store).clear();
      });
    },
    estimate: options.estimate ?? browserEstimate,
    async requestPersistence() {
      const storage = globalThis.navigator?.storage;
      if (!storage?.persist) return false;
      return storage.persist().catch(() => false);
    },
    close() {
      announcer?.close();
      void opened?.then(
        (db) => db.close(),
        () => undefined,
      );
      opened = null;
    },
  };
  return persistence;
}
