import { mkdirSync } from 'node:fs';
import path from 'node:path';

import Database from 'better-sqlite3';
import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';

import {
  assertValidAppend,
  expectedRevisionMatches,
  repeatedEventIds,
  streamPage,
} from './appendRules';
import { catchUpThenLive } from './catchUpSubscription';
import {
  EventStoreClosedError,
  PartialDuplicateBatchError,
  WrongExpectedVersionError,
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
  applyErasurePragmas,
  createErasedStreamsTable,
  createEventsTable,
  EVENTS_FILE_NAME,
} from './sqliteSchema';
import type { ErasedStreamRow, EventRow } from './sqliteSchema';

export interface SqliteEventStoreOptions {
  /** Directory of the log file (created if missing). The store never reads the environment. */
  dataDir: string;
  /**
   * How long the first queued append waits for others before the group is written.
   * 0 (default): the group closes at the next turn of the event loop, which already gathers
   * every append issued in the same tick (and every writer woken by the previous COMMIT).
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

type Outcome<E extends StorableEvent> =
  { ok: true; result: AppendResult; recorded: RecordedEvent<E>[] } | { ok: false; error: unknown };

/**
 * Opens (or creates) `<dataDir>/events.sqlite` and returns an `EventStore` over it.
 *
 * Group commit: appends are queued and written together in ONE transaction (one fsync).
 * Each append is checked inside it (idempotency, then expected revision); a failing one is
 * rejected without aborting the others. Promises settle and subscribers are told only after
 * COMMIT; if the COMMIT itself fails, every append of the group is rejected.
 */
export function openSqliteEventStore<E extends StorableEvent = StorableEvent>(
  options: SqliteEventStoreOptions,
): SqliteEventStore<E> {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.resolve(options.dataDir, EVENTS_FILE_NAME);
  const db = new Database(file);
  applyDurablePragmas(db);
  applyErasurePragmas(db);
  createEventsTable(db);
  createErasedStreamsTable(db);

  const now = options.now ?? (() => new Date());
  const windowMs = options.groupCommitWindowMs ?? 0;
  const committed = new Subject<readonly RecordedEvent<E>[]>();

  const lastRevision = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const findEventId = db.prepare<[string, string], { position: number; revision: number }>(
    'SELECT position, revision FROM events WHERE stream = ? AND event_id = ?',
  );
  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Both walk the UNIQUE (stream, revision) index; LIMIT -1 reads to the bound.
  const selectForwards = db.prepare<[string, number, number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE stream = ? AND revision >= ? AND revision <= ? ORDER BY revision LIMIT ?',
  );
  const selectBackwards = db.prepare<[string, number, number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE stream = ? AND revision <= ? AND revision >= ? ORDER BY revision DESC LIMIT ?',
  );
  const selectErasure = db.prepare<[string], ErasedStreamRow>(
    'SELECT stream, last_revision, erased_at, actor_id, reason FROM erased_streams WHERE stream = ?',
  );
  const deleteStreamRows = db.prepare<[string]>('DELETE FROM events WHERE stream = ?');
  const upsertErasure = db.prepare<[string, number, string, string | null, string | null]>(
    `INSERT INTO erased_streams (stream, last_revision, erased_at, actor_id, reason) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (stream) DO UPDATE SET last_revision = excluded.last_revision,
       erased_at = excluded.erased_at, actor_id = excluded.actor_id, reason = excluded.reason`,
  );
  const selectAll = db.prepare<[number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );

  /** Checks and writes one append inside the group's transaction; throws only on a rule. */
  function writeOne(
    p: PendingAppend<E>,
    recordedAt: string,
  ): Omit<Outcome<E> & { ok: true }, 'ok'> {
    const stored = p.events.map((e) => findEventId.get(p.stream, e.metadata.eventId));
    if (stored.every((row) => row !== undefined)) {
      const last = stored.reduce((a, b) => (a!.position > b!.position ? a : b))!;
      return { result: { nextRevision: last.revision, position: last.position }, recorded: [] };
    }
    const duplicates = [
      ...p.events.filter((_, i) => stored[i] !== undefined).map((e) => e.metadata.eventId),
      ...repeatedEventIds(p.events),
    ];
    if (duplicates.length > 0) throw new PartialDuplicateBatchError(p.stream, duplicates);

    const actual = lastRevision.get(p.stream)?.revision ?? 'no_stream';
    if (!expectedRevisionMatches(p.expected, actual)) {
      throw new WrongExpectedVersionError(p.stream, p.expected, actual);
    }
    // After an erasure the stream's revisions continue after the erased ones.
    let revision =
      actual === 'no_stream' ? (selectErasure.get(p.stream)?.last_revision ?? -1) + 1 : actual + 1;
    let position = 0;
    // Subscribers get these records straight after COMMIT, without reading the rows back.
    const recorded: RecordedEvent<E>[] = [];
    for (const event of p.events) {
      // The text already made for the commit's elements is reused (see sharedJson.ts).
      const body = stringify(event)!;
      position = Number(
        insert.run(p.stream, revision, event.metadata.eventId, event.type, body, recordedAt)
          .lastInsertRowid,
      );
      recorded.push({ streamName: p.stream, revision, position, event, recordedAt });
      revision += 1;
    }
    return { result: { nextRevision: revision - 1, position }, recorded };
  }

  const writeGroup = db.transaction((group: PendingAppend<E>[]): Outcome<E>[] => {
    const recordedAt = now().toISOString();
    return group.map((p): Outcome<E> => {
      try {
        return { ok: true, ...writeOne(p, recordedAt) };
      } catch (error) {
        if (
          error instanceof WrongExpectedVersionError ||
          error instanceof PartialDuplicateBatchError
        ) {
          return { ok: false, error };
        }
        throw error; // anything else aborts the whole group: nothing of it is committed
      }
    });
  });

  let queue: PendingAppend<E>[] = [];
  let timer: NodeJS.Immediate | NodeJS.Timeout | undefined;
  let closed = false;

  function flush(): void {
    timer = undefined;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes: Outcome<E>[];
    try {
      outcomes = writeGroup(group);
    } catch (error) {
      for (const p of group) p.reject(error);
      return;
    }
    publish(outcomes);
    outcomes.forEach((outcome, i) => {
      const p = group[i]!;
      if (outcome.ok) p.resolve(outcome.result);
      else p.reject(outcome.error);
    });
  }

  function publish(outcomes: Outcome<E>[]): void {
    if (!committed.observed) return;
    const recorded = outcomes.flatMap((o) => (o.ok ? o.recorded : []));
    if (recorded.length > 0) committed.next(recorded);
  }

  function schedule(): void {
    if (timer !== undefined) return;
    timer = windowMs > 0 ? setTimeout(flush, windowMs) : setImmediate(flush);
  }

  function readAfter(after: number, maxCount: number): RecordedEvent<E>[] {
    return selectAll.all(after, maxCount).map(toRecorded);
  }

  function toRecorded(row: EventRow): RecordedEvent<E> {
    return {
      streamName: row.stream,
      revision: row.revision,
      position: row.position,
      event: JSON.parse(row.body) as E,
      recordedAt: row.recorded_at,
    };
  }

  /** Deletes the stream's rows (zeroed by secure_delete) and keeps the audit record. */
  const eraseRows = db.transaction((stream: string, audit: EraseAudit | undefined): void => {
    const last = lastRevision.get(stream);
    if (last === undefined) return; // nothing stored (never written, or already erased)
    deleteStreamRows.run(stream);
    upsertErasure.run(
      stream,
      last.revision,
      now().toISOString(),
      audit?.actorId ?? null,
      audit?.reason ?? null,
    );
  });

  /** Copies the WAL into the file and empties it: no frame keeps the erased bodies. */
  function checkpointTruncate(): void {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    if (result && result.busy !== 0) {
      throw new Error(
        `The erasure is committed, but the WAL checkpoint could not complete (another connection holds ${options.dataDir}); the WAL may still hold erased bytes until the next checkpoint`,
      );
    }
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
      const { direction, from, to, maxCount } = streamPage(stream, options);
      const select = direction === 'forwards' ? selectForwards : selectBackwards;
      return select.all(stream, from, to, maxCount).map(toRecorded);
    },

    async erase(stream: string, audit?: EraseAudit) {
      assertOpen();
      // Appends issued before the erasure are committed first, so they are erased too.
      if (timer !== undefined) {
        clearTimeout(timer as NodeJS.Timeout);
        clearImmediate(timer as NodeJS.Immediate);
      }
      flush();
      eraseRows(stream, audit);
      checkpointTruncate();
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

    async close() {
      if (closed) return;
      if (timer !== undefined) {
        clearTimeout(timer as NodeJS.Timeout);
        clearImmediate(timer as NodeJS.Immediate);
      }
      flush();
      closed = true;
      committed.complete();
      db.close();
    },
  };
}
