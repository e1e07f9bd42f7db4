import { MAX_ELEMENTS_PER_UPDATE } from '@tabula/domain/protocol';
import type { GestureTiming, SceneElement } from '@tabula/domain';
import { MAX_PAYLOAD_BYTES, jsonBytes } from './messageBytes';

/** One `canvas-update` waiting for its ack. */
export interface OutboxEntry {
  eventId: string;
  elements: SceneElement[];
  /** When the gesture's points or steps happened (see `CanvasUpdatePayload.timing`). */
  timing?: GestureTiming;
}

/**
 * Splits deltas into `canvas-update`-sized batches: at most `MAX_ELEMENTS_PER_UPDATE`
 * elements and, measured as JSON, under the server's message size limit. An element that is
 * too large on its own travels alone (the server refuses it and says so).
 */
export function splitIntoBatches(
  elements: readonly SceneElement[],
  maxElements = MAX_ELEMENTS_PER_UPDATE,
  maxBytes = MAX_PAYLOAD_BYTES,
): SceneElement[][] {
  const batches: SceneElement[][] = [];
  let batch: SceneElement[] = [];
  let bytes = 2;
  for (const element of elements) {
    const size = jsonBytes(element) + 1;
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

/** Local changes not yet acknowledged, in the order they were made (sent in that order). */
export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>();

  /** Queues a batch under a fresh event id. */
  add(eventId: string, elements: SceneElement[], timing?: GestureTiming): OutboxEntry {
    const entry: OutboxEntry = { eventId, elements };
    if (timing) entry.timing = timing;
    this.entries.set(eventId, entry);
    return entry;
  }

  /** Holds exactly `entries` now, in their order (an outbox shared with other clients changed). */
  replace(entries: readonly OutboxEntry[]): void {
    this.entries.clear();
    for (const { eventId, elements, timing } of entries) this.add(eventId, elements, timing);
  }

  /** Removes an entry once acknowledged; false when it was already gone (a duplicate ack). */
  settle(eventId: string): boolean {
    return this.entries.delete(eventId);
  }

  /** The entry under `eventId`, if still waiting. */
  get(eventId: string): OutboxEntry | undefined {
    return this.entries.get(eventId);
  }

  /** The oldest waiting entry. */
  first(): OutboxEntry | undefined {
    return this.entries.values().next().value;
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

/** What is kept of one entry. */
export type StoredEntry = Pick<OutboxEntry, 'eventId' | 'elements' | 'timing'>;

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

/**
 * Changes one client keeps under `key`, shared with any other client of the same user and
 * canvas (another tab, a client that is being replaced): every write reads the list first and
 * changes only the client's own entries, by event id (`add` its new ones, `remove` its acked
 * ones), so no client erases another's waiting strokes. After `close()` it writes nothing.
 */
export class OutboxStore {
  private closed = false;

  constructor(
    private readonly storage: OutboxStorage,
    private readonly key: string,
  ) {}

  /** The entries kept now (this client's and any other's). */
  load(): StoredEntry[] {
    return loadOutbox(this.storage, this.key);
  }

  /** Keeps these entries (replacing any kept under the same event id). */
  add(entries: readonly StoredEntry[]): void {
    if (entries.length === 0) return;
    const ids = new Set(entries.map((entry) => entry.eventId));
    this.write([
      ...this.load().filter((entry) => !ids.has(entry.eventId)),
      ...entries.map(({ eventId, elements, timing }) => ({ eventId, elements, timing })),
    ]);
  }

  /** Forgets the entries under these event ids (acked or refused); leaves every other. */
  remove(eventIds: Iterable<string>): void {
    const ids = new Set(eventIds);
    if (ids.size === 0) return;
    const kept = this.load();
    const left = kept.filter((entry) => !ids.has(entry.eventId));
    if (left.length !== kept.length) this.write(left);
  }

  /** No more writes (a disposed client's late acks must not touch the list). */
  close(): void {
    this.closed = true;
  }

  private write(entries: StoredEntry[]): void {
    if (this.closed) return;
    try {
      if (entries.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(entries));
    } catch {
      // A full or unavailable storage: the changes stay in memory and are still sent.
    }
  }
}
