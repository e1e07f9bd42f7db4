/**
 * What the engine tells its host about the device's copy of a canvas and the device's storage:
 * whether the canvas can be shown with no network (and as of when), whether storage is nearly
 * full, and the changes the server refused after they were made offline (to offer for export).
 */
import type { SceneElement } from '@tabula/domain';

/** The device's copy of the canvas. */
export interface OfflineState {
  /**
   * `checking` while it is read; `kept`: a scene kept on the device, shown without network;
   * `none`: nothing kept (never opened here, or no persistence).
   */
  copy: 'checking' | 'kept' | 'none';
  /** When the kept scene was last in step with the server (epoch ms); null when never. */
  lastSyncedAt: number | null;
  /**
   * True while there is no connection and nothing is kept: the canvas is not available
   * offline (say so instead of showing a spinner); it opens once the network is back.
   */
  unavailable: boolean;
}

/** How full the device's storage is, for a warning before a change could be refused. */
export interface DeviceStorageState {
  usage: number;
  quota: number;
  /** At or above `NEARLY_FULL_RATIO` of the quota (or `full`): warn. */
  nearlyFull: boolean;
  /** A change could not be kept on the device: it waits in this tab's memory only until sent. */
  full: boolean;
}

/** Changes made offline that the server refused on reconnect (canvas deleted, access removed). */
export interface RefusedOfflineChanges {
  canvasId: string;
  /** The server's code (`NOT_FOUND`, `FORBIDDEN`) and message. */
  code: string;
  message: string;
  /** The refused changes' elements (the latest copy of each), to offer for export. */
  elements: SceneElement[];
  /**
   * Call once the elements were handed over (exported, or the user let them go): only then do
   * they, and the rest of the canvas's copy, leave the device. Until then they are reported
   * again each time the canvas is opened.
   */
  release(): Promise<void>;
}

/** Warn from this share of the quota on. */
export const NEARLY_FULL_RATIO = 0.9;

/** The storage state from the browser's estimate. */
export function storageState(usage: number, quota: number, full: boolean): DeviceStorageState {
  const nearlyFull = full || usage >= quota * NEARLY_FULL_RATIO;
  return { usage, quota, nearlyFull, full };
}
