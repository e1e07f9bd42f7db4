import type Database from 'better-sqlite3';

/** File name of the event log inside the data directory. */
export const EVENTS_FILE_NAME = 'events.sqlite';

/**
 * Durability settings shared by the store and the benchmark's raw baseline: write-ahead log,
 * and an fsync of the WAL on every COMMIT so an acknowledged append survives a power cut.
 */
export function applyDurablePragmas(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
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
