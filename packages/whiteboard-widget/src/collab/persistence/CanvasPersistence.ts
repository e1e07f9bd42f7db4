/**
 * What the sync engine keeps of canvases on the device, so that a canvas opened before opens
 * with no network and nothing drawn offline is lost: per canvas, the last scene known in step
 * with the server (with its revision and when), its image files, and the outbox of changes the
 * server has not acknowledged. One persistence holds one account's canvases
 * (`indexedDbPersistence('tabula:<userId>')`); every call is asynchronous.
 */
import type { GestureTiming, SceneElement } from '@tabula/domain';
import type { ImageFile } from '../fileTransport';

/** The scene of a canvas as last known in step with the server. */
export interface KeptScene {
  elements: SceneElement[];
  /** The server's revision the scene is at (a re-join catches up from it). */
  revision: number;
  /** When the scene was last in step with the server (epoch milliseconds). */
  syncedAt: number;
}

/** One change waiting for the server's ack, under the event id it is (re)sent with. */
export interface KeptChange {
  eventId: string;
  elements: SceneElement[];
  timing?: GestureTiming;
}

/** An image file of a canvas; `uploaded` once the server holds it. */
export interface KeptFile extends ImageFile {
  uploaded: boolean;
}

/** A canvas kept on the device, as `listCanvases` tells it. */
export interface KeptCanvasSummary {
  canvasId: string;
  /** When its scene was last in step with the server (null: only unsent changes are kept). */
  syncedAt: number | null;
  /** How many changes wait to be sent. */
  unsent: number;
}

/** How much the origin stores and may store (`navigator.storage.estimate()`), in bytes. */
export interface StorageUse {
  usage: number;
  quota: number;
}

/** The right to send one canvas's outbox: one client of the device holds it at a time. */
export interface SenderLock {
  /** Resolves once held (never, if released first). */
  readonly held: Promise<void>;
  /** Gives the right up (or stops waiting for it). */
  release(): void;
}

/** Which revision the kept scene is at, and since when, without its elements. */
export type KeptSceneInfo = Omit<KeptScene, 'elements'>;

/** A scene to keep with its elements as their JSON array, made already (`jsonInSlices`). */
export type KeptSceneText = KeptSceneInfo & { json: string };

export interface CanvasPersistence {
  /** The scene kept for `canvasId`, or null when this device has none. */
  loadScene(canvasId: string): Promise<KeptScene | null>;
  /**
   * `loadScene` without the elements: a small read, where the scene of a big canvas takes
   * long (a client reads the scene only when it has to show it).
   */
  loadSceneInfo(canvasId: string): Promise<KeptSceneInfo | null>;
  saveScene(canvasId: string, scene: KeptScene | KeptSceneText): Promise<void>;
  /** The changes waiting for `canvasId`, oldest first (every client's of the device). */
  loadOutbox(canvasId: string): Promise<KeptChange[]>;
  /**
   * Keeps these changes, after every one kept before; resolves once they are durably written
   * (a change counts as queued only then). Rejects when they could not be kept (quota).
   */
  addToOutbox(canvasId: string, changes: readonly KeptChange[]): Promise<void>;
  /** Forgets the changes under these event ids (acknowledged, or handed over once refused). */
  removeFromOutbox(canvasId: string, eventIds: readonly string[]): Promise<void>;
  loadFiles(canvasId: string): Promise<KeptFile[]>;
  /** Keeps these files (replacing any under the same id). */
  saveFiles(canvasId: string, files: readonly KeptFile[]): Promise<void>;
  /** Calls `listener` whenever a client (another tab too) changed the outbox of `canvasId`. */
  watchOutbox(canvasId: string, listener: () => void): () => void;
  /** Asks for the right to send the outbox of `canvasId` (Web Locks where the browser has them). */
  lockSender(canvasId: string): SenderLock;
  /** Every canvas kept on the device, with when it was last synced and how many changes wait. */
  listCanvases(): Promise<KeptCanvasSummary[]>;
  /** True while any canvas has changes not yet acknowledged (warn before signing out). */
  hasUnsentChanges(): Promise<boolean>;
  /** Forgets everything kept of one canvas. */
  removeCanvas(canvasId: string): Promise<void>;
  /** Forgets everything kept (signing out on a shared computer). */
  clear(): Promise<void>;
  /** How full the device's storage is, or null where the browser cannot tell. */
  estimate(): Promise<StorageUse | null>;
  /** Asks the browser not to evict what is kept (`navigator.storage.persist()`); true if granted. */
  requestPersistence(): Promise<boolean>;
  /** Closes the connection to the store (calls made after it fail). */
  close(): void;
}
