/**
 * The embedded server's read models kept beside the log (`<DATA_DIR>/read-models.json`), so
 * that a start replays only the events after them instead of the whole log. Written now and
 * then as events are applied and when the server stops (to a temporary file, then renamed:
 * a crash leaves the previous file whole). Trusted at start only when it is of this format,
 * for the same projections, and the log still holds the event it was taken after (same
 * position, same event id); otherwise it is ignored and the read models are rebuilt from the
 * log, as they always can be. A change to what a projection stores must bump `FORMAT`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Event } from '@tabula/domain';
import type { EventStore, RecordedEvent } from '../eventStore/eventStore';
import type { InMemoryReadModelStore, ReadModelsDump } from './inMemoryReadModelStore';

const FORMAT = 1;

interface ReadModelsFile {
  format: number;
  projections: string[];
  position: number;
  eventId: string;
  dump: ReadModelsDump;
}

/** The read models the file holds, or undefined (none, unreadable, stale or another log's). */
export async function loadReadModels(
  file: string,
  eventStore: EventStore<Event>,
  projections: readonly string[],
): Promise<ReadModelsDump | undefined> {
  if (!existsSync(file)) return undefined;
  let saved: ReadModelsFile;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as ReadModelsFile;
  } catch {
    return undefined;
  }
  if (saved.format !== FORMAT || saved.projections.join() !== projections.join()) return undefined;
  const [event] = await eventStore.readAll({ fromPosition: saved.position - 1, maxCount: 1 });
  if (event?.position !== saved.position || event.event.metadata.eventId !== saved.eventId)
    return undefined;
  return saved.dump;
}

export interface ReadModelsSaverOptions {
  /** Saves after this many applied events at most (default 50,000). */
  everyEvents?: number;
  /** …or once this long has passed since the last save with events applied (default 60 s). */
  everyMs?: number;
}

/**
 * Saves the store to `file` as events are applied (`applied`, called after each event's
 * projections) and at `close()`. Every projection has seen every event up to the saved one
 * (those it does not handle it skips), so all are saved at that position: a start resumes
 * there, not at the oldest projection's last handled event.
 */
export class ReadModelsSaver {
  private last: RecordedEvent<Event> | undefined;
  private unsaved = 0;
  private savedAt = Date.now();
  private readonly everyEvents: number;
  private readonly everyMs: number;

  constructor(
    private readonly file: string,
    private readonly store: InMemoryReadModelStore,
    private readonly projections: readonly string[],
    options: ReadModelsSaverOptions = {},
  ) {
    this.everyEvents = options.everyEvents ?? 50_000;
    this.everyMs = options.everyMs ?? 60_000;
  }

  /** An event's projections are applied: save when enough has happened since the last save. */
  applied(record: RecordedEvent<Event>): void {
    this.last = record;
    this.unsaved += 1;
    if (this.unsaved >= this.everyEvents || Date.now() - this.savedAt >= this.everyMs) this.save();
  }

  /** Saves what is unsaved (the server stops). */
  close(): void {
    if (this.unsaved > 0) this.save();
  }

  private save(): void {
    const record = this.last;
    if (!record) return;
    const dump = this.store.dump();
    dump.checkpoints = this.projections.map((name) => [name, record.position]);
    const saved: ReadModelsFile = {
      format: FORMAT,
      projections: [...this.projections],
      position: record.position,
      eventId: record.event.metadata.eventId,
      dump,
    };
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved), { mode: 0o600 });
    renameSync(temporary, this.file);
    this.unsaved = 0;
    this.savedAt = Date.now();
  }
}
