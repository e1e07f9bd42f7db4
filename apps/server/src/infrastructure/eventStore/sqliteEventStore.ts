import Database from 'better-sqlite3';
import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';

import { privateDataFile } from '../dataFiles';
import { assertValidAppend, repeatedEventIds } from './appendRules';
import { catchUpThenLive } from './catchUpSubscription';
import {
  EventStoreClosedError,
  PartialDuplicateBatchError,
  WrongExpectedVersionError,
  recordedEvent,
} from './eventStore';
import type {
  AppendOptions,
  AppendResult,
  EraseAudit,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StorableEvent,
  SubscribeToAllOptions,
} from './eventStore';
import { stringify } from '../sharedJson';
import {
  applyDurablePragmas,
  createErasedStreamsTable,
  createEventsTable,
  DURABLE_PRAGMAS,
  ERASURE_PRAGMAS,
  EVENTS_FILE_NAME,
  READER_CACHE_PRAGMA,
  WRITER_CACHE_PRAGMA,
} from './sqliteSchema';
import type { ErasedStreamRow, EventRow } from './sqliteSchema';
import { recordOf, sqliteStreamReads } from './sqliteStreamReads';
import { startSqliteWriter } from './sqliteWriter';
import type { AppendOutcome, AppendRequest } from './sqliteWriter';

export interface SqliteEventStoreOptions {
  /** Directory of the log file (created if missing). The store never reads the environment. */
  dataDir: string;
  /**
   * How long the first queued append waits for others before the group is written.
   * 0 (default): the group closes as soon as the code that queued it is done (the next tick):
   * no wait for the rest of the event loop's turn. The writer still gathers every group that
   * arrived while it was committing the previous one into one transaction.
   */
  groupCommitWindowMs?: number;
  /** Source of `recordedAt`; defaults to the system clock. */
  now?: () => Date;
}

/** The audit record of an erased stream: all that is left of it. */
export interface SqliteErasure {
  stream: string;
  lastRevision: number;
  erasedAt: string;
  actorId?: string;
  reason?: string;
}

/** The SQLite store; `file` is the absolute path of its database. */
export interface SqliteEventStore<E extends StorableEvent = StorableEvent> extends EventStore<E> {
  readonly file: string;
  /** The audit record of an erased stream (`undefined` when it was never erased). */
  erasureOf(stream: string): SqliteErasure | undefined;
}

interface PendingAppend<E extends StorableEvent> {
  stream: string;
  events: readonly E[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Opens (or creates) `<dataDir>/events.sqlite` and returns an `EventStore` over it.
 *
 * Writes run off the event loop, in a worker thread that owns the write connection
 * (`sqliteWriter.worker.mjs`); reads run here, on a connection of their own that never writes
 * (WAL lets them read while the worker commits).
 *
 * Group commit: appends are queued and written together in ONE transaction (one fsync); the
 * worker also joins every group that arrived while it was committing the previous one. Each
 * append is checked inside the transaction (idempotency, then expected revision); a failing
 * one is rejected without aborting the others. Promises settle and subscribers are told only
 * after COMMIT; if the COMMIT itself fails, every append of the group is rejected.
 */
export function openSqliteEventStore<E extends StorableEvent = StorableEvent>(
  options: SqliteEventStoreOptions,
): SqliteEventStore<E> {
  const file = privateDataFile(options.dataDir, EVENTS_FILE_NAME);
  // The tables exist before the writer starts; from then on this connection only reads.
  const db = new Database(file);
  applyDurablePragmas(db);
  db.pragma(READER_CACHE_PRAGMA);
  createEventsTable(db);
  createErasedStreamsTable(db);
  db.pragma('query_only = ON');
  const writer = startSqliteWriter(file, [
    ...DURABLE_PRAGMAS,
    ...ERASURE_PRAGMAS,
    WRITER_CACHE_PRAGMA,
  ]);

  const now = options.now ?? (() => new Date());
  const windowMs = options.groupCommitWindowMs ?? 0;
  const committed = new Subject<readonly RecordedEvent<E>[]>();

  const readPage = sqliteStreamReads<E>(db);
  const selectErasure = db.prepare<[string], ErasedStreamRow>(
    'SELECT stream, last_revision, erased_at, actor_id, reason FROM erased_streams WHERE stream = ?',
  );
  const selectHead = db.prepare<[], { head: number }>(
    'SELECT COALESCE(MAX(position), 0) AS head FROM events',
  );
  const selectAll = db.prepare<[number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );

  let queue: PendingAppend<E>[] = [];
  /** A flush is scheduled (a timer when a window is set). */
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;

  /** Sends the queued appends to the writer as one group. */
  function flush(): void {
    scheduled = false;
    clearTimeout(timer);
    timer = undefined;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let requests: AppendRequest[];
    try {
      requests = group.map(toRequest);
    } catch (error) {
      for (const p of group) p.reject(error); // an event that cannot be serialised
      return;
    }
    const recordedAt = now().toISOString();
    writer.append(recordedAt, requests).then(
      (outcomes) => settle(group, outcomes, recordedAt),
      (error: unknown) => {
        for (const p of group) p.reject(error);
      },
    );
  }

  function toRequest(p: PendingAppend<E>): AppendRequest {
    return {
      stream: p.stream,
      expected: p.expected,
      eventIds: p.events.map((e) => e.metadata.eventId),
      types: p.events.map((e) => e.type),
      // The text already made for the commit's elements is reused (see sharedJson.ts).
      bodies: p.events.map((e) => stringify(e)!),
      repeated: repeatedEventIds(p.events),
    };
  }

  /** After COMMIT: subscribers first, then the appenders. */
  function settle(group: PendingAppend<E>[], outcomes: AppendOutcome[], recordedAt: string): void {
    if (committed.observed) {
      // Subscribers get these records straight away, without reading the rows back.
      const recorded = group.flatMap((p, i): RecordedEvent<E>[] => {
        const outcome = outcomes[i]!;
        if (!outcome.ok || outcome.positions === undefined) return [];
        const { firstRevision, positions } = outcome;
        return p.events.map((event, k) =>
          recordedEvent(p.stream, firstRevision! + k, positions[k]!, event, recordedAt),
        );
      });
      if (recorded.length > 0) committed.next(recorded);
    }
    group.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve({ nextRevision: outcome.nextRevision, position: outcome.position });
      else if ('duplicates' in outcome)
        p.reject(new PartialDuplicateBatchError(p.stream, outcome.duplicates));
      else p.reject(new WrongExpectedVersionError(p.stream, p.expected, outcome.actual));
    });
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    if (windowMs > 0) timer = setTimeout(flush, windowMs);
    else process.nextTick(flush);
  }

  function readAfter(after: number, maxCount: number): RecordedEvent<E>[] {
    return selectAll.all(after, maxCount).map((row) => recordOf<E>(row));
  }

  function assertOpen(): void {
    if (closed) throw new EventStoreClosedError();
  }

  return {
    file,

    append(
      stream: string,
      events: readonly E[],
      { expectedRevision }: AppendOptions,
    ): Promise<AppendResult> {
      return new Promise<AppendResult>((resolve, reject) => {
        assertOpen();
        assertValidAppend(stream, events, expectedRevision);
        queue.push({ stream, events, expected: expectedRevision, resolve, reject });
        schedule();
      });
    },

    async readStream(stream: string, options?: ReadStreamOptions) {
      assertOpen();
      return readPage(stream, options);
    },

    async erase(stream: string, audit?: EraseAudit) {
      assertOpen();
      // Appends issued before the erasure go to the writer first, so they are erased too.
      flush();
      await writer.erase({
        stream,
        erasedAt: now().toISOString(),
        actorId: audit?.actorId ?? null,
        reason: audit?.reason ?? null,
      });
    },

    erasureOf(stream: string) {
      assertOpen();
      const row = selectErasure.get(stream);
      if (row === undefined) return undefined;
      return {
        stream: row.stream,
        lastRevision: row.last_revision,
        erasedAt: row.erased_at,
        ...(row.actor_id === null ? {} : { actorId: row.actor_id }),
        ...(row.reason === null ? {} : { reason: row.reason }),
      };
    },

    async readAll({ fromPosition = 0, maxCount = -1 }: ReadAllOptions = {}) {
      assertOpen();
      return readAfter(fromPosition, maxCount); // LIMIT -1: no limit
    },

    async headPosition() {
      assertOpen();
      return selectHead.get()!.head;
    },

    subscribeToAll({ fromPosition = 0 }: SubscribeToAllOptions = {}): Observable<RecordedEvent<E>> {
      return catchUpThenLive<E>(
        async (after, max) => {
          // Yield between pages: a long catch-up must not starve sockets and appends.
          await new Promise((resolve) => setImmediate(resolve));
          return closed ? [] : readAfter(after, max);
        },
        committed,
        fromPosition,
      );
    },

    close() {
      closing ??= (async () => {
        flush();
        closed = true;
        // The writer closes last: it checkpoints the WAL into the file as it goes.
        db.close();
        try {
          await writer.close();
        } finally {
          committed.complete();
        }
      })();
      return closing;
    },
  };
}
