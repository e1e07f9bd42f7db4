import Database from 'better-sqlite3';
import { privateDataFile } from '../dataFiles';

/** File name of the event log inside the data directory. */
export const EVENTS_FILE_NAME = 'events.sqlite';

/**
 * Durability settings shared by the store and the benchmark's raw baseline: write-ahead log,
 * and an fsync of the WAL on every COMMIT so an acknowledged append survives a power cut.
 */
export const DURABLE_PRAGMAS = ['journal_mode = WAL', 'synchronous = FULL'] as const;

/**
 * Page caches of the connections to the events file, smaller than SQLite's 2 MiB. In WAL mode
 * a connection's cache is emptied whenever another connection has committed since its last
 * transaction, so the caches of the connections that read (the store's, the snapshots', the
 * files') are refilled and dropped at every few-millisecond commit of the writer, and the
 * memory they churn through stays with the process. With SQLite's default everywhere, the
 * soak's RSS grew 13 MB in its first two minutes; with these sizes it stays flat. The
 * operating system's page cache keeps the file's hot pages for every connection.
 */
export const READER_CACHE_PRAGMA = 'cache_size = -256';
/**
 * The writer's cache survives its own commits (only a snapshot or an image written beside it
 * empties it) and holds the index pages its appends walk: 1 MiB keeps its peak rate, where
 * 256 KiB cost 15 % of it with 50 writers of 1 KB events (`npm run bench -- eventStore`).
 * At 2 MiB, the soak's native memory grew by 10 MB more.
 */
export const WRITER_CACHE_PRAGMA = 'cache_size = -1024';

/**
 * A connection of its own to the events file, for a store that keeps its tables beside the
 * log (the snapshots, the image files): WAL, a wait for the writer's lock, the readers' page
 * cache, and deleted content overwritten with zeros.
 */
export function openBesideTheLog(dataDir: string): Database.Database {
  const db = new Database(privateDataFile(dataDir, EVENTS_FILE_NAME));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(READER_CACHE_PRAGMA);
  db.pragma('secure_delete = ON');
  return db;
}

export function applyDurablePragmas(db: Database.Database): void {
  for (const pragma of DURABLE_PRAGMAS) db.pragma(pragma);
}

/**
 * Erasure settings of the store's write connection: deleted content is overwritten with zeros
 * (in the page and in freed pages), so an erased body leaves no bytes behind in the file once
 * the WAL is checkpointed.
 */
export const ERASURE_PRAGMAS = ['secure_delete = ON'] as const;

/**
 * What is kept of an erased stream: no event body, only the audit record and the last erased
 * revision (revisions continue after it when the stream is written again).
 */
export function createErasedStreamsTable(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS erased_streams (
      stream        TEXT    PRIMARY KEY,
      last_revision INTEGER NOT NULL,
      erased_at     TEXT    NOT NULL,
      actor_id      TEXT,
      reason        TEXT
    )
  `);
}

/** An `erased_streams` row as read back. */
export interface ErasedStreamRow {
  stream: string;
  last_revision: number;
  erased_at: string;
  actor_id: string | null;
  reason: string | null;
}

/**
 * One table for the whole log. `position` is the global order (AUTOINCREMENT never reuses a
 * value), the UNIQUE constraints back optimistic concurrency and idempotency.
 */
export function createEventsTable(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      stream      TEXT    NOT NULL,
      revision    INTEGER NOT NULL,
      event_id    TEXT    NOT NULL,
      type        TEXT    NOT NULL,
      body        TEXT    NOT NULL,
      recorded_at TEXT    NOT NULL,
      UNIQUE (stream, revision),
      UNIQUE (stream, event_id)
    )
  `);
}

/** A row as read back; `body` is the whole event as JSON. */
export interface EventRow {
  position: number;
  stream: string;
  revision: number;
  body: string;
  recorded_at: string;
}
