/**
 * The `EventStore` on PostgreSQL (`EVENTSTORE_URL=postgres://…`), for several server nodes
 * sharing one log. Tables: `postgresSchema.ts`; the append function: `postgresAppendGroup.ts`
 * (its call: `postgresAppendCall.ts`); subscriptions: `postgresSubscription.ts`; the why of all
 * three: docs/event-store.md, "PostgreSQL".
 *
 * - Appends are written one group at a time: the ones issued in the same tick, or that queued
 *   while the previous group was written, are one call of `tabula_append_group_v2` (a prepared
 *   statement) in one transaction.
 *   Under one global advisory lock it checks each one's resends and expected revision, takes
 *   positions from a counter and inserts, then NOTIFYs. Appends therefore commit in position
 *   order (no reader can see position 11 before 10 is visible), positions are dense until a
 *   stream is erased, and racing writers in any number of processes see exact
 *   expected-revision checks.
 * - Subscriptions keep a cursor (last position delivered) and read forward on each
 *   notification, poll tick, or reconnection of the listening connection.
 * - `erase` deletes the stream's rows under the same lock and keeps an audit row in
 *   `tabula_erased_streams`; the rows are gone for every reader at COMMIT (the disk space is
 *   reclaimed by VACUUM, as for any deleted row).
 */
import pg from 'pg';
import type { Observable } from 'rxjs';

import { assertValidAppend, streamPage } from './appendRules';
import { EventStoreClosedError, recordedEvent } from './eventStore';
import type {
  AppendOptions,
  AppendResult,
  EraseAudit,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StorableEvent,
  SubscribeToAllOptions,
} from './eventStore';
import { appendGroup } from './postgresAppendCall';
import type { PendingAppend } from './postgresAppendCall';
import { APPEND_GROUP_SQL } from './postgresAppendGroup';
import {
  APPEND_LOCK_KEY,
  EVENT_COLUMNS,
  NOTIFY_CHANNEL,
  SCHEMA_LOCK_KEY,
  SCHEMA_SQL,
} from './postgresSchema';
import type { PostgresEventRow } from './postgresSchema';
import { positionCursorSubscription, startWakeSource } from './postgresSubscription';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:port/database` (or `postgresql://…`). */
  connectionString: string;
  /** Subscriptions read the log at least this often, notified or not (default 1000 ms). */
  pollIntervalMs?: number;
  /** Connections of the pool used by appends and reads (default 10). */
  poolSize?: number;
}

/** The audit record of an erased stream: all that is left of it. */
export interface PostgresErasure {
  stream: string;
  lastRevision: number;
  erasedAt: string;
  actorId?: string;
  reason?: string;
}

export interface PostgresEventStore<E extends StorableEvent = StorableEvent> extends EventStore<E> {
  erasureOf(stream: string): Promise<PostgresErasure | undefined>;
}

/** Creates the tables and the append function if missing (one process at a time). */
export async function createPostgresSchema(db: pg.Pool): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(SCHEMA_SQL);
    await client.query(APPEND_GROUP_SQL);
  });
}

async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function recorded<E extends StorableEvent>(row: PostgresEventRow): RecordedEvent<E> {
  const { stream, revision, position, event } = row;
  return recordedEvent(
    stream,
    Number(revision),
    Number(position),
    event as E,
    row.recorded_at.toISOString(),
  );
}

/** Opens the store: connects, creates the schema if missing, starts listening. */
export async function openPostgresEventStore<E extends StorableEvent = StorableEvent>(
  options: PostgresEventStoreOptions,
): Promise<PostgresEventStore<E>> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    application_name: 'tabula',
  });
  // An idle connection that the server drops is replaced at the next query; without this
  // listener its error event would end the process.
  pool.on('error', () => undefined);
  try {
    await createPostgresSchema(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const wakeSource = startWakeSource({
    connectionString: options.connectionString,
    channel: NOTIFY_CHANNEL,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
  });
  let closed = false;

  const open = (): void => {
    if (closed) throw new EventStoreClosedError();
  };

  const readAfter = async (after: number, maxCount: number): Promise<RecordedEvent<E>[]> => {
    const { rows } = await pool.query<PostgresEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM tabula_events WHERE position > $1 ORDER BY position LIMIT $2`,
      [after, maxCount],
    );
    return rows.map((row) => recorded<E>(row));
  };

  /**
   * Appends wait here while a group is being written; the next group is everything that
   * queued meanwhile (or, when idle, everything issued in the same tick), so the lock and a
   * COMMIT are shared by as many appends as arrive during one.
   */
  type Queued = PendingAppend<E> & {
    resolve: (result: AppendResult) => void;
    reject: (reason: unknown) => void;
  };
  let queued: Queued[] = [];
  let writing: Promise<void> | undefined;
  const writeQueued = (): void => {
    if (writing !== undefined || queued.length === 0) return;
    const group = queued;
    queued = [];
    writing = appendGroup(pool, group).then(
      (results) => {
        writing = undefined;
        results.forEach((result, i) =>
          result.status === 'fulfilled'
            ? group[i]!.resolve(result.value)
            : group[i]!.reject(result.reason),
        );
        writeQueued();
      },
      (reason: unknown) => {
        writing = undefined;
        group.forEach((append) => append.reject(reason));
        writeQueued();
      },
    );
  };

  /** Resolves once every append issued before the call has its answer. */
  const settled = async (): Promise<void> => {
    while (writing !== undefined || queued.length > 0) {
      await (writing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  };

  return {
    append(stream: string, events: readonly E[], options: AppendOptions) {
      try {
        open();
        assertValidAppend(stream, events, options.expectedRevision);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const { expectedRevision } = options;
      return new Promise<AppendResult>((resolve, reject) => {
        queued.push({ stream, events, expectedRevision, resolve, reject });
        if (queued.length === 1 && writing === undefined) setImmediate(writeQueued);
      });
    },

    async readStream(stream: string, readOptions?: ReadStreamOptions) {
      open();
      const page = streamPage(stream, readOptions);
      const [low, high, order] =
        page.direction === 'forwards' ? [page.from, page.to, 'ASC'] : [page.to, page.from, 'DESC'];
      const { rows } = await pool.query<PostgresEventRow>(
        `SELECT ${EVENT_COLUMNS} FROM tabula_events
          WHERE stream = $1 AND revision BETWEEN $2 AND $3
          ORDER BY revision ${order} LIMIT $4`,
        [stream, low, high, page.maxCount < 0 ? null : page.maxCount],
      );
      return rows.map((row) => recorded<E>(row));
    },

    async readAll({ fromPosition = 0, maxCount }: ReadAllOptions = {}) {
      open();
      return readAfter(fromPosition, maxCount ?? Number.MAX_SAFE_INTEGER);
    },

    async headPosition() {
      open();
      const { rows } = await pool.query<{ head: string }>(
        'SELECT coalesce(max(position), 0) AS head FROM tabula_events',
      );
      return Number(rows[0]!.head);
    },

    subscribeToAll({ fromPosition = 0 }: SubscribeToAllOptions = {}): Observable<RecordedEvent<E>> {
      return positionCursorSubscription<E>(readAfter, wakeSource.wakes, fromPosition);
    },

    async erase(stream: string, audit?: EraseAudit) {
      open();
      await settled();
      await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
        const { rows } = await client.query<{ last: string | null }>(
          'SELECT max(revision) AS last FROM tabula_events WHERE stream = $1',
          [stream],
        );
        const last = rows[0]!.last;
        if (last === null) return;
        await client.query('DELETE FROM tabula_events WHERE stream = $1', [stream]);
        await client.query(
          `INSERT INTO tabula_erased_streams (stream, last_revision, erased_at, actor_id, reason)
           VALUES ($1, $2, now(), $3, $4)
           ON CONFLICT (stream) DO UPDATE SET last_revision = EXCLUDED.last_revision,
             erased_at = EXCLUDED.erased_at, actor_id = EXCLUDED.actor_id, reason = EXCLUDED.reason`,
          [stream, last, audit?.actorId ?? null, audit?.reason ?? null],
        );
      });
    },

    async erasureOf(stream: string) {
      open();
      const { rows } = await pool.query<{
        last_revision: string;
        erased_at: Date;
        actor_id: string | null;
        reason: string | null;
      }>(
        'SELECT last_revision, erased_at, actor_id, reason FROM tabula_erased_streams WHERE stream = $1',
        [stream],
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        stream,
        lastRevision: Number(row.last_revision),
        erasedAt: row.erased_at.toISOString(),
        ...(row.actor_id === null ? {} : { actorId: row.actor_id }),
        ...(row.reason === null ? {} : { reason: row.reason }),
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await settled();
      await wakeSource.close();
      await pool.end();
    },
  };
}
