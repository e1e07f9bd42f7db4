/**
 * Sets up a client's use of a `CanvasPersistence` (`CollaborationClientOptions.persistence`):
 * the kept canvas and the shared kept outbox, with any outbox a previous version left in
 * `outboxStorage` (localStorage) moved into it once.
 */
import { EMPTY, of } from 'rxjs';
import type { Observable } from 'rxjs';
import { loadOutbox, outboxKey } from '../outbox';
import type { OutboxStorage } from '../outbox';
import type { Scheduler } from '../scheduler';
import type { CanvasPersistence } from './CanvasPersistence';
import { KeptCanvas } from './keptCanvas';
import { KeptOutbox } from './keptOutbox';
import type { DeviceStorageState, OfflineState, RefusedOfflineChanges } from './offlineState';

export interface ClientPersistence {
  canvas: KeptCanvas;
  outbox: KeptOutbox;
}

/** What a client kept nowhere reports. */
const NOT_KEPT: OfflineState = { copy: 'none', lastSyncedAt: null, unavailable: false };

/** The signals of the device's copy, or constant ones for a client without persistence. */
export function offlineSignals(kept: ClientPersistence | null): {
  offline$: Observable<OfflineState>;
  storage$: Observable<DeviceStorageState | null>;
  refusedOffline$: Observable<RefusedOfflineChanges>;
} {
  if (!kept) return { offline$: of(NOT_KEPT), storage$: of(null), refusedOffline$: EMPTY };
  const { offline$, storage$, refused$ } = kept.canvas;
  return { offline$, storage$, refusedOffline$: refused$ };
}

/**
 * The kept canvas and outbox of `canvasId`, or null without a persistence. `outboxChanged`
 * runs when another client changed the shared outbox.
 */
export function clientPersistence(
  options: {
    persistence?: CanvasPersistence;
    canvasId: string;
    userId?: string;
    outboxStorage?: OutboxStorage;
  },
  scheduler: Scheduler,
  outboxChanged: () => void,
): ClientPersistence | null {
  const { persistence, canvasId } = options;
  if (!persistence) return null;
  const outbox = new KeptOutbox(persistence, canvasId, outboxChanged);
  if (options.outboxStorage)
    migrate(options.outboxStorage, outboxKey(options.userId, canvasId), outbox);
  return { canvas: new KeptCanvas(persistence, canvasId, scheduler), outbox };
}

/** Moves the changes kept in localStorage into the kept outbox (removed there once written). */
function migrate(storage: OutboxStorage, key: string, outbox: KeptOutbox): void {
  const entries = loadOutbox(storage, key);
  if (entries.length === 0) return;
  outbox.add(entries).then(
    () => storage.removeItem(key),
    () => undefined,
  );
}
