/** A canvas's stream read as typed, logged canvas events, in pages. */
import { canvasStreamName } from '@tabula/domain';
import type { CanvasEvent, Event, LoggedCanvasEvent } from '@tabula/domain';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';

/** What reading a canvas's log needs of the event store. */
export type LogReads = Pick<EventStore<Event>, 'readStream'>;

/** Events read at once when a call walks a long stretch of the log. */
export const LOG_PAGE = 1_000;

/** Revisions `from..to` (inclusive) of the canvas's stream, ascending, at most `maxCount`. */
export async function readCanvasLog(
  eventStore: LogReads,
  canvasId: string,
  range: { from: number; to?: number; maxCount?: number },
): Promise<LoggedCanvasEvent[]> {
  const records = await eventStore.readStream(canvasStreamName(canvasId), {
    fromRevision: range.from,
    ...(range.to === undefined ? {} : { toRevision: range.to }),
    ...(range.maxCount === undefined ? {} : { maxCount: range.maxCount }),
  });
  return records.map((record) => new Logged(record.revision, record.event as Event as CanvasEvent));
}

/** Made by a constructor, as the store's records are (`StoredRecord` in `eventStore.ts` says why). */
class Logged implements LoggedCanvasEvent {
  constructor(
    readonly revision: number,
    readonly event: CanvasEvent,
  ) {}
}

/** Walks revisions `from..to` in pages of `LOG_PAGE`, calling `visit` for each event in order. */
export async function walkCanvasLog(
  eventStore: LogReads,
  canvasId: string,
  from: number,
  to: number,
  visit: (logged: LoggedCanvasEvent) => void | Promise<void>,
): Promise<void> {
  for (let start = from; start <= to; start += LOG_PAGE) {
    const page = await readCanvasLog(eventStore, canvasId, {
      from: start,
      to: Math.min(to, start + LOG_PAGE - 1),
    });
    for (const logged of page) await visit(logged);
    if (page.length === 0) return;
  }
}
