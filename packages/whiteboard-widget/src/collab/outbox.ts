import { MAX_ELEMENTS_PER_UPDATE, MAX_SOCKET_MESSAGE_BYTES } from '@tabula/domain/protocol';
import type { GestureTiming, SceneElement } from '@tabula/domain';

/** One `canvas-update` waiting for its ack. */
export interface OutboxEntry {
  eventId: string;
  elements: SceneElement[];
  /** When the gesture's points or steps happened (see `CanvasUpdatePayload.timing`). */
  timing?: GestureTiming;
  /** Sent on the current connection and not answered yet. */
  inFlight: boolean;
}

/** Room left in a message for the envelope (event name, canvas id, event id). */
const ENVELOPE_BYTES = 4 * 1024;

/**
 * Splits deltas into `canvas-update`-sized batches: at most `MAX_ELEMENTS_PER_UPDATE`
 * elements and, measured as JSON, under the server's message size limit. An element that is
 * too large on its own travels alone (the server refuses it and says so).
 */
export function splitIntoBatches(
  elements: readonly SceneElement[],
  maxElements = MAX_ELEMENTS_PER_UPDATE,
  maxBytes = MAX_SOCKET_MESSAGE_BYTES - ENVELOPE_BYTES,
): SceneElement[][] {
  const batches: SceneElement[][] = [];
  let batch: SceneElement[] = [];
  let bytes = 2;
  for (const element of elements) {
    const size = new TextEncoder().encode(JSON.stringify(element)).length + 1;
    if (batch.length > 0 && (batch.length >= maxElements || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(element);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Local changes not yet acknowledged, in the order they were made. */
export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>();

  /** Queues a batch under a fresh event id. */
  add(eventId: string, elements: SceneElement[], timing?: GestureTiming): OutboxEntry {
    const entry: OutboxEntry = { eventId, elements, inFlight: false };
    if (timing) entry.timing = timing;
    this.entries.set(eventId, entry);
    return entry;
  }

  /** Removes an entry once acknowledged; false when it was already gone (a duplicate ack). */
  settle(eventId: string): boolean {
    return this.entries.delete(eventId);
  }

  /** The entry under `eventId`, if still waiting. */
  get(eventId: string): OutboxEntry | undefined {
    return this.entries.get(eventId);
  }

  /** Marks every entry as not sent on the current connection (after a disconnect). */
  markAllUnsent(): void {
    for (const entry of this.entries.values()) entry.inFlight = false;
  }

  /** Entries not in flight, oldest first. */
  unsent(): OutboxEntry[] {
    return [...this.entries.values()].filter((entry) => !entry.inFlight);
  }

  /** Every waiting entry, oldest first. */
  all(): OutboxEntry[] {
    return [...this.entries.values()];
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A place to keep unsent changes between sessions (`window.localStorage` fits). */
export interface OutboxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The key under which one user's unsent changes to one canvas are kept. */
export function outboxKey(userId: string | undefined, canvasId: string): string {
  return `tabula-outbox:${userId ?? 'anonymous'}:${canvasId}`;
}

type StoredEntry = Pick<OutboxEntry, 'eventId' | 'elements' | 'timing'>;

/** The entries kept under `key` (none when absent or unreadable). */
export function loadOutbox(storage: OutboxStorage, key: string): StoredEntry[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (entry): entry is StoredEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as StoredEntry).eventId === 'string' &&
        Array.isArray((entry as StoredEntry).elements),
    );
  } catch {
    return [];
  }
}

/** Keeps the waiting entries under `key` (removes it when there are none). */
export function saveOutbox(storage: OutboxStorage, key: string, entries: OutboxEntry[]): void {
  try {
    if (entries.length === 0) storage.removeItem(key);
    else
      storage.setItem(
        key,
        JSON.stringify(
          entries.map(({ eventId, elements, timing }) => ({ eventId, elements, timing })),
        ),
      );
  } catch {
    // A full or unavailable storage: the changes stay in memory and are still sent.
  }
}
