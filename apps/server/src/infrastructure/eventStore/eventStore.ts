/**
 * The event store port. Every adapter (SQLite, in-memory, KurrentDB) implements `EventStore`
 * and passes the one contract suite in `eventStore.contract.ts`.
 *
 * Numbers, not bigints: revisions and positions are plain JS numbers everywhere in the app.
 * The KurrentDB adapter converts its bigint revisions and commit positions (exact up to 2^53).
 *
 * - A *revision* is the 0-based index of an event inside its stream (dense: 0, 1, 2, …).
 * - A *position* is the event's place in the global log ($all): strictly increasing in commit
 *   order, always > 0, but not necessarily dense (KurrentDB positions are byte offsets).
 */
import type { Observable } from 'rxjs';

/** The smallest event shape the store needs; `Event` from `@tabula/domain` satisfies it. */
export interface StorableEvent {
  type: string;
  data: unknown;
  metadata: { eventId: string };
}

/**
 * What the caller believes about the stream before appending:
 * - a number: the revision of the stream's last event (0 after one event);
 * - `'no_stream'`: the stream must not exist yet;
 * - `'stream_exists'`: the stream must already hold at least one event;
 * - `'any'`: no check.
 */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

/** The stream's real state when a check fails: its last revision, or `'no_stream'`. */
export type ActualRevision = number | 'no_stream';

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event of the batch: pass it as `expectedRevision` next time. */
  nextRevision: number;
  /** Global position of the last event of the batch. */
  position: number;
}

/** An event as stored: where it sits in its stream and in the global log. */
export interface RecordedEvent<E extends StorableEvent = StorableEvent> {
  streamName: string;
  revision: number;
  /** Global position; -1 only where KurrentDB cannot tell it from a stream read. */
  position: number;
  event: E;
  /** ISO-8601 instant at which the store committed the event. */
  recordedAt?: string;
}

/**
 * A record as the adapters make it: by a constructor, never an object literal. V8 learns to
 * allocate an object literal's objects straight in the old generation once most of them have
 * outlived a young collection (the server's start-up replay keeps pages of 500 records at
 * once), and an old record keeps its young event alive through every young collection until
 * the next full one: a cold join of 50,000 elements then copied about 100 MB of events it had
 * already dropped, in 40-100 ms pauses. A constructor's objects are always born young.
 */
class StoredRecord<E extends StorableEvent> implements RecordedEvent<E> {
  constructor(
    readonly streamName: string,
    readonly revision: number,
    readonly position: number,
    readonly event: E,
    readonly recordedAt?: string,
  ) {}
}

/** One recorded event (see `StoredRecord` for why every adapter makes them here). */
export function recordedEvent<E extends StorableEvent>(
  streamName: string,
  revision: number,
  position: number,
  event: E,
  recordedAt?: string,
): RecordedEvent<E> {
  return new StoredRecord(streamName, revision, position, event, recordedAt);
}

/** Which way a stream read walks its revisions. */
export type ReadDirection = 'forwards' | 'backwards';

/**
 * A page of one stream. Forwards: revisions `fromRevision` (default 0) up to `toRevision`
 * (default: the end), ascending. Backwards: revisions `fromRevision` (default: the end) down to
 * `toRevision` (default 0), descending. Both bounds are inclusive; `maxCount` cuts the page
 * after that many events (default: all; 0 reads nothing). Revisions that do not exist (past
 * the end, or erased) are simply not returned. A bound or count that is not a whole number
 * >= 0 is a `RangeError`.
 */
export interface ReadStreamOptions {
  /** Inclusive: the revision the read starts at (forwards default 0, backwards default the end). */
  fromRevision?: number;
  /** Inclusive: the revision the read stops at (forwards default the end, backwards default 0). */
  toRevision?: number;
  /** At most this many events (default: all). */
  maxCount?: number;
  /** Default `'forwards'`. */
  direction?: ReadDirection;
}

/**
 * Who erased a stream and why, kept where the adapter can keep it (SQLite: a row of its
 * `erased_streams` table; in-memory: a map). Never put erased content in it.
 */
export interface EraseAudit {
  actorId?: string;
  reason?: string;
}

export interface ReadAllOptions {
  /** Exclusive: return events *after* this position (a checkpoint). Default: from the start. */
  fromPosition?: number;
  /** At most this many events (default: all). */
  maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events *after* this position (a checkpoint). Default: from the start. */
  fromPosition?: number;
}

/**
 * Thrown by `append` when `expectedRevision` does not match the stream. Nothing was written.
 */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';

  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: ActualRevision,
  ) {
    super(
      `Wrong expected revision on stream '${stream}': expected ${String(expected)}, actual ${String(actual)}`,
    );
  }
}

/**
 * Thrown by `append` when some, but not all, of a batch's eventIds are already in the stream
 * (or a batch repeats an eventId). Nothing was written. Only whole-batch resends are idempotent.
 */
export class PartialDuplicateBatchError extends Error {
  override readonly name = 'PartialDuplicateBatchError';

  constructor(
    readonly stream: string,
    readonly eventIds: readonly string[],
  ) {
    super(
      `Batch for stream '${stream}' repeats already stored eventIds only in part: ${eventIds.join(', ')}`,
    );
  }
}

/** Thrown by any call made after `close()`. */
export class EventStoreClosedError extends Error {
  override readonly name = 'EventStoreClosedError';

  constructor() {
    super('The event store is closed');
  }
}

export interface EventStore<E extends StorableEvent = StorableEvent> {
  /**
   * Appends a non-empty batch atomically after checking `expectedRevision`; resolves once the
   * batch is durable. Idempotency: when *every* eventId of the batch is already in the stream
   * (a resend), nothing is stored and the original batch's result is returned, whatever
   * `expectedRevision` says. A batch that only partly repeats stored eventIds is rejected
   * (`PartialDuplicateBatchError` from SQLite and in-memory; KurrentDB applies its own rules).
   * @throws WrongExpectedVersionError when the check fails; nothing is written.
   */
  append(stream: string, events: readonly E[], options: AppendOptions): Promise<AppendResult>;

  /**
   * A page of the stream's events (see `ReadStreamOptions`); a stream that does not exist, or
   * was erased and not written since, reads as `[]`.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent<E>[]>;

  /** Events of every stream in commit (position) order; system events are never returned. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent<E>[]>;

  /** The position of the last event `readAll` would return now (0 when there is none). */
  headPosition(): Promise<number>;

  /**
   * Catches up from `fromPosition`, then goes live: every event after the checkpoint is
   * delivered exactly once, in position order, with no gap between catch-up and live.
   * Unsubscribing stops it; `close()` completes it.
   */
  subscribeToAll(options?: SubscribeToAllOptions): Observable<RecordedEvent<E>>;

  /**
   * Removes the stream's events for good (deletion that deletes). Appends issued before the
   * call are committed first, then erased. Afterwards:
   * - `readStream` returns `[]`; `readAll` and catch-up subscriptions skip the erased events
   *   and keep working (SQLite and in-memory at once; KurrentDB soft-deletes the stream and
   *   drops its events from `$all` at the next scavenge, an operator task);
   * - appending again starts the stream anew for the expected-revision check (`'no_stream'`
   *   passes, a revision from before the erasure conflicts with actual `'no_stream'`), but
   *   revisions continue after the erased ones, so a revision never names two different
   *   events (KurrentDB's rule after a soft delete: the stream continues where it left off);
   * - the erased eventIds are forgotten: a resend of an erased batch is a new append.
   * Erasing a stream that holds no events is a no-op. SQLite zeroes the freed pages
   * (`secure_delete`) and checkpoints the WAL so no copy of the bodies stays on disk, and
   * keeps only the audit record (stream, last revision, when, `audit`).
   */
  erase(stream: string, audit?: EraseAudit): Promise<void>;

  /** Finishes pending appends, completes subscriptions, releases the storage. */
  close(): Promise<void>;
}
