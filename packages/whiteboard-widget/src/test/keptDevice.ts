/**
 * Helpers of the engine's tests with a canvas kept on the device: one device's IndexedDB, its
 * kept outbox watched, file calls that fail as with no network, a tab with no connection, and a
 * canvas drawn online then offline and left.
 */
import { IDBFactory } from 'fake-indexeddb';
import { filter, firstValueFrom, of } from 'rxjs';
import type { TestUser } from '@tabula/server/testing';
import type { SceneElement } from '@tabula/domain';
import type { CollaborationClientOptions } from '../collab/collaborationOptions';
import { httpFileTransport } from '../collab/fileTransport';
import type { FileTransport, ImageFile } from '../collab/fileTransport';
import type { CanvasPersistence, KeptChange } from '../collab/persistence/CanvasPersistence';
import { indexedDbPersistence } from '../collab/persistence/indexedDbPersistence';
import { rect } from './elements';
import { closeAfterTest, open } from './engineServer';
import { until } from './testBoard';
import type { TestTab } from './testBoard';

/** Nothing listens there: the transport keeps trying and never connects. */
const UNREACHABLE = 'http://127.0.0.1:9';

/** One device's storage (one IndexedDB); each call is a new tab's (or a reload's) persistence. */
export function device(userId: string): () => CanvasPersistence {
  const factory = new IDBFactory();
  return () => {
    const persistence = indexedDbPersistence(`tabula:${userId}`, { indexedDB: factory });
    closeAfterTest(() => persistence.close());
    return persistence;
  };
}

/** Resolves once the kept outbox of `canvasId` satisfies `predicate` (checked after each change of it). */
export async function outboxKept(
  persistence: CanvasPersistence,
  canvasId: string,
  predicate: (changes: KeptChange[]) => boolean,
): Promise<void> {
  let changed = () => undefined as void;
  const stop = persistence.watchOutbox(canvasId, () => changed());
  try {
    for (;;) {
      const next = new Promise<void>((resolve) => (changed = resolve));
      if (predicate(await persistence.loadOutbox(canvasId))) return;
      await next;
    }
  } finally {
    stop();
  }
}

/** The file calls of the server at `url`, failing as with no network while `gate.offline`. */
export function gatedFiles(url: string, user: TestUser) {
  const gate = { offline: false };
  const real = httpFileTransport({ baseUrl: url, token: () => user.token });
  const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
  const transport: FileTransport = {
    upload: (canvasId, file) => (gate.offline ? noNetwork() : real.upload(canvasId, file)),
    download: (canvasId, fileId) => (gate.offline ? noNetwork() : real.download(canvasId, fileId)),
  };
  return { gate, transport };
}

/** A PNG's signature and 200 bytes: enough for the server to take it as one. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
export const photo: ImageFile = {
  id: 'photo1',
  mimeType: 'image/png',
  dataURL: `data:image/png;base64,${PNG.toString('base64')}`,
  created: 1,
};
export const photoElement = rect('img', 1, {
  type: 'image',
  fileId: photo.id,
  status: 'saved',
  scale: [1, 1],
} as Partial<SceneElement>);

export const change = (eventId: string, id: string) => ({ eventId, elements: [rect(id)] });

/** Event ids of one client: `<prefix>-1`, `<prefix>-2`, … */
export function ids(prefix: string): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

/** A tab with no connection (the browser offline, the server out of reach). */
export function openOffline(
  user: TestUser,
  canvasId: string,
  options: Partial<CollaborationClientOptions>,
  mount = true,
): Promise<TestTab> {
  return open(UNREACHABLE, user, canvasId, { online$: of(false), ...options }, mount);
}

/**
 * Opens the canvas on the server at `url`, draws `online`, waits until it is kept, then draws
 * `offline` offline and closes.
 */
export async function drawThenLeaveOffline(
  url: string,
  user: TestUser,
  canvasId: string,
  persistence: CanvasPersistence,
  online: string[],
  offline: string[],
  newEventId = ids('first'),
): Promise<void> {
  const tab = await open(url, user, canvasId, { persistence, newEventId });
  for (const id of online) tab.board.draw([rect(id)]);
  await until(tab, () => tab.client.pendingCount === 0, 'the acks');
  await firstValueFrom(tab.client.offline$.pipe(filter((state) => state.copy === 'kept')));
  tab.transport.socket.disconnect();
  await until(tab, () => tab.client.status === 'offline', 'offline');
  for (const id of offline) tab.board.draw([rect(id)]);
  await outboxKept(persistence, canvasId, (changes) => changes.length === offline.length);
  tab.close();
}
