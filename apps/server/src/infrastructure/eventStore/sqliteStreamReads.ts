/**
 * Reading one stream's events from the SQLite log: the store's `readStream`, and the same
 * reads on a connection of another thread (a scene loaded off the event loop,
 * `sceneLoad.worker.ts`). Both walk the UNIQUE (stream, revision) index.
 */
import type Database from 'better-sqlite3';
import { streamPage } from './appendRules';
import { recordedEvent } from './eventStore';
import type { ReadStreamOptions, RecordedEvent, StorableEvent } from './eventStore';
import type { EventRow } from './sqliteSchema';

/** A row of the log as the record the store answers (its body parsed). */
export function recordOf<E extends StorableEvent>(row: EventRow): RecordedEvent<E> {
  const event = JSON.parse(row.body) as E;
  return recordedEvent(row.stream, row.revision, row.position, event, row.recorded_at);
}

/** `readStream` over `db` (an events file's connection), answering at once. */
export function sqliteStreamReads<E extends StorableEvent>(
  db: Database.Database,
): (stream: string, options?: ReadStreamOptions) => RecordedEvent<E>[] {
  // LIMIT -1 reads to the bound.
  const forwards = db.prepare<[string, number, number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE stream = ? AND revision >= ? AND revision <= ? ORDER BY revision LIMIT ?',
  );
  const backwards = db.prepare<[string, number, number, number], EventRow>(
    'SELECT position, stream, revision, body, recorded_at FROM events WHERE stream = ? AND revision <= ? AND revision >= ? ORDER BY revision DESC LIMIT ?',
  );
  return (stream, options) => {
    const { direction, from, to, maxCount } = streamPage(stream, options);
    const select = direction === 'forwards' ? forwards : backwards;
    return select.all(stream, from, to, maxCount).map((row) => recordOf<E>(row));
  };
}

/**
 * The events of one stream except those of the `skipped` types, in order, over `db`: the
 * rows skipped are never parsed, nor their bodies read (the type is read from the row's first
 * page, a large body lies in overflow pages after it).
 */
export function sqliteStreamReadsSkipping<E extends StorableEvent>(
  db: Database.Database,
  skipped: readonly string[],
): (stream: string) => RecordedEvent<E>[] {
  const select = db.prepare<[string, ...string[]], EventRow>(
    `SELECT position, stream, revision, body, recorded_at FROM events WHERE stream = ? AND type NOT IN (${skipped.map(() => '?').join(', ')}) ORDER BY revision`,
  );
  return (stream) => select.all(stream, ...skipped).map((row) => recordOf<E>(row));
}
