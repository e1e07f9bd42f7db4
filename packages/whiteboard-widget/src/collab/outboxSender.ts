import type { GestureTiming, SceneElement } from '@tabula/domain';
import type { AckError } from '@tabula/domain/protocol';
import { Outbox, OutboxStore, splitIntoBatches } from './outbox';
import type { OutboxEntry, OutboxStorage } from './outbox';
import type { KeptOutbox } from './persistence/keptOutbox';
import { backoffMs, isRetryable } from './retryPolicy';
import type { Scheduler } from './scheduler';
import type { Transport } from './Transport';

/** Options of `OutboxSender`. */
export interface OutboxSenderOptions {
  transport: Transport;
  canvasId: string;
  scheduler: Scheduler;
  newEventId: () => string;
  /** The first wait before resending after a timeout or a busy server (doubles each time). */
  retryDelayMs: number;
  /** Where waiting entries are kept between sessions (shared by the user's tabs). */
  storage?: OutboxStorage;
  storageKey: string;
  /**
   * The outbox kept on the device and shared with the canvas's other clients (instead of
   * `storage`): entries count as queued once written there, and only the client holding its
   * sender lock sends.
   */
  kept?: KeptOutbox;
  /** Entries could not be kept on the device (storage full): they wait in memory only. */
  onKeepFailed?: (error: unknown) => void;
  /** The number of waiting entries changed. */
  onChange: () => void;
  /** The server refused an entry for good (its elements are not saved). */
  onRefused: (entry: OutboxEntry, error: AckError) => void;
  /** The server stored an entry at `revision` (told even when the ack came late). */
  onStored?: (revision: number) => void;
  /**
   * Entries of the shared kept outbox this client did not queue (another tab's changes, or
   * changes kept before a reload) were read: their elements, for the editor to show.
   */
  onKeptByOthers?: (elements: SceneElement[]) => void;
}

/**
 * The local changes waiting for the server: `canvas-update`s sent one at a time, in the order
 * they were made (a newer one goes only once the older is acknowledged or refused for good),
 * resent with backoff after a timeout or a busy refusal, resent after the wait the server
 * names (`retryAfterMs`: the user's drawing budget is spent for now), resent from the oldest
 * after a re-join, and kept in `storage` by event id until acknowledged.
 */
export class OutboxSender {
  private readonly outbox = new Outbox();
  private readonly store: OutboxStore | null;
  /** The entry sent and not answered yet, on the current connection. */
  private inFlight: OutboxEntry | null = null;
  private connection = 0;
  private live = false;
  private closed = false;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  /** When the oldest waiting entry was queued (scheduler time). */
  private readonly queuedAt = new Map<string, number>();
  /** With a kept outbox: this client holds the sender lock (on the current connection). */
  private sending = false;
  /** Resolves once the kept outbox has been read (a read applied, not one overtaken). */
  readonly restored: Promise<void>;
  private markRestored: () => void = () => undefined;
  /** Event ids of every entry this client queued or read from the kept outbox. */
  private readonly known = new Set<string>();

  constructor(private readonly options: OutboxSenderOptions) {
    this.store =
      options.storage && !options.kept
        ? new OutboxStore(options.storage, options.storageKey)
        : null;
    for (const entry of this.store?.load() ?? []) {
      this.outbox.add(entry.eventId, entry.elements, entry.timing);
      this.queuedAt.set(entry.eventId, options.scheduler.now());
    }
    this.restored = options.kept
      ? new Promise((resolve) => {
          this.markRestored = resolve;
          void this.reload();
        })
      : Promise.resolve();
  }

  /** Reads the kept outbox again (another client changed it). */
  reload(): Promise<void> {
    const kept = this.options.kept;
    if (!kept) return Promise.resolve();
    const generation = ++this.generation;
    this.reloading += 1;
    return kept.load().then(
      (entries) => {
        this.reloading -= 1;
        if (this.closed) return;
        // A later read, or an entry queued meanwhile, makes this one stale: read again.
        if (generation !== this.generation) {
          if (this.reloading === 0) void this.reload();
          return;
        }
        const inMemoryOnly = this.outbox.all().filter((entry) => this.unkept.has(entry.eventId));
        this.outbox.replace([...entries, ...inMemoryOnly]);
        const others = entries.filter((entry) => !this.known.has(entry.eventId));
        for (const { eventId } of others) this.known.add(eventId);
        if (others.length > 0)
          this.options.onKeptByOthers?.(others.flatMap((entry) => entry.elements));
        for (const { eventId } of entries)
          if (!this.queuedAt.has(eventId)) this.queuedAt.set(eventId, this.options.scheduler.now());
        this.markRestored();
        this.options.onChange();
        this.pump();
      },
      () => {
        this.reloading -= 1;
        this.markRestored();
      },
    );
  }

  /** Counts reads of the kept outbox and local queueing: only the latest read applies. */
  private generation = 0;
  private reloading = 0;

  /** Queues finished changes (copied), split into `canvas-update`-sized batches. */
  add(elements: readonly SceneElement[], timing: GestureTiming | undefined): void {
    if (this.closed || elements.length === 0) return;
    const copies = elements.map((element) => structuredClone(element));
    const added = splitIntoBatches(copies).map((batch): OutboxEntry => {
      const part = timingOf(batch, timing);
      return {
        eventId: this.options.newEventId(),
        elements: batch,
        ...(part ? { timing: part } : {}),
      };
    });
    for (const entry of added) this.known.add(entry.eventId);
    if (!this.options.kept) return this.queue(added);
    // Sent once kept, so that a change sent survives a killed browser; counted as waiting at once.
    this.writing += added.length;
    this.options.onChange();
    this.options.kept.add(added).then(
      () => {
        this.writing -= added.length;
        this.queue(added);
      },
      (error: unknown) => {
        this.writing -= added.length;
        for (const entry of added) this.unkept.add(entry.eventId);
        this.queue(added);
        this.options.onKeepFailed?.(error);
      },
    );
  }

  /** Entries being written to the kept outbox (waiting, not sendable yet). */
  private writing = 0;

  /** Entries kept in memory only (the device's storage refused them). */
  private readonly unkept = new Set<string>();

  private queue(added: readonly OutboxEntry[]): void {
    if (this.closed) return;
    this.generation += 1;
    for (const entry of added) {
      this.outbox.add(entry.eventId, entry.elements, entry.timing);
      this.queuedAt.set(entry.eventId, this.options.scheduler.now());
    }
    this.store?.add(added);
    this.options.onChange();
    this.pump();
  }

  /** The canvas is joined on a (new) connection: send from the oldest entry. */
  joined(): void {
    this.connection += 1;
    this.live = true;
    this.inFlight = null;
    this.failures = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    if (!this.options.kept) return this.pump();
    // One client of the device sends the shared outbox: this one, once it holds the lock.
    const connection = this.connection;
    void this.options.kept.acquireLock().then(() => {
      if (connection !== this.connection || this.closed) return;
      this.sending = true;
      void this.reload();
    });
  }

  /** The connection dropped: nothing is in flight any more; the next join resends. */
  disconnected(): void {
    this.connection += 1;
    this.live = false;
    this.inFlight = null;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.sending = false;
    this.options.kept?.releaseLock();
  }

  /** Every waiting entry, oldest first. */
  entries(): OutboxEntry[] {
    return this.outbox.all();
  }

  /** Waiting entries, those still being kept on the device included. */
  get size(): number {
    return this.outbox.size + this.writing;
  }

  /** How long the oldest entry has waited (0 when none waits). */
  oldestWait(): number {
    const first = this.outbox.first();
    if (!first) return 0;
    return this.options.scheduler.now() - (this.queuedAt.get(first.eventId) ?? 0);
  }

  /** Stops sending and writing (late acks change nothing). */
  close(): void {
    this.closed = true;
    this.live = false;
    this.cancelRetry?.();
    this.store?.close();
    this.options.kept?.close();
  }

  private pump(): void {
    if (!this.live || this.closed || this.inFlight || this.cancelRetry) return;
    if (this.options.kept && !this.sending) return;
    const entry = this.outbox.first();
    if (!entry) return;
    this.inFlight = entry;
    const connection = this.connection;
    const current = () => connection === this.connection && !this.closed;
    this.options.transport
      .request('canvas-update', {
        canvasId: this.options.canvasId,
        eventId: entry.eventId,
        elements: entry.elements,
        ...(entry.timing ? { timing: entry.timing } : {}),
      })
      .then(
        (result) => {
          if (result.ok) this.options.onStored?.(result.data.revision);
          if (!current()) return;
          this.inFlight = null;
          if (result.ok) this.settled(entry);
          else if (result.error.retryAfterMs !== undefined)
            this.retryAfter(result.error.retryAfterMs);
          else if (isRetryable(result.error.code)) this.retryLater();
          else {
            this.settled(entry);
            this.options.onRefused(entry, result.error);
          }
        },
        () => {
          // A timeout on this connection (a drop is handled by `disconnected`).
          if (!current()) return;
          this.inFlight = null;
          this.retryLater();
        },
      );
  }

  private settled(entry: OutboxEntry): void {
    this.failures = 0;
    if (this.outbox.settle(entry.eventId)) {
      this.queuedAt.delete(entry.eventId);
      this.store?.remove([entry.eventId]);
      this.unkept.delete(entry.eventId);
      void this.options.kept?.remove([entry.eventId]).catch(() => undefined);
      this.options.onChange();
    }
    this.pump();
  }

  /** Resends the oldest entry after a backoff; nothing newer goes before it. */
  private retryLater(): void {
    this.failures += 1;
    this.retryAfter(backoffMs(this.options.retryDelayMs, this.failures));
  }

  /**
   * Resends the oldest entry after `ms` (the server said when: its drawing budget is back),
   * waiting a minute at most (a longer wait is asked again then, and told again).
   */
  private retryAfter(ms: number): void {
    this.cancelRetry = this.options.scheduler.schedule(
      () => {
        this.cancelRetry = null;
        this.pump();
      },
      Math.min(60_000, Math.max(0, ms)),
    );
  }
}

/** The part of `timing` about the elements of one batch. */
function timingOf(
  batch: readonly SceneElement[],
  timing: GestureTiming | undefined,
): GestureTiming | undefined {
  if (!timing) return undefined;
  let part: GestureTiming | undefined;
  for (const element of batch) {
    const times = timing[element.id];
    if (times) (part ??= {})[element.id] = times;
  }
  return part;
}
