import { Observable } from 'rxjs';

import type { RecordedEvent, StorableEvent } from './eventStore';

/** Reads up to `maxCount` committed events with a position greater than `after`. */
export type ReadPage<E extends StorableEvent> = (
  after: number,
  maxCount: number,
) => Promise<RecordedEvent<E>[]>;

/**
 * Builds a catch-up-then-live subscription for a store that publishes every committed batch,
 * in commit order, on `live` right after COMMIT.
 *
 * The race between catch-up reads and live appends is closed by listening *before* the first
 * read: a batch committed earlier is found by the reads, a later one lands in the buffer, and
 * the buffer is drained after the last page. Events at or below the last delivered position
 * are dropped, so an event seen by both paths is delivered once.
 */
export function catchUpThenLive<E extends StorableEvent>(
  readPage: ReadPage<E>,
  live: Observable<readonly RecordedEvent<E>[]>,
  fromPosition = 0,
  pageSize = 500,
): Observable<RecordedEvent<E>> {
  return new Observable<RecordedEvent<E>>((subscriber) => {
    let lastDelivered = fromPosition;
    let buffer: RecordedEvent<E>[] | undefined = [];

    const deliver = (events: readonly RecordedEvent<E>[]): void => {
      for (const recorded of events) {
        if (subscriber.closed) return;
        if (recorded.position <= lastDelivered) continue;
        lastDelivered = recorded.position;
        subscriber.next(recorded);
      }
    };

    const liveSubscription = live.subscribe({
      next: (batch) => (buffer ? buffer.push(...batch) : deliver(batch)),
      error: (err: unknown) => subscriber.error(err),
      complete: () => subscriber.complete(),
    });

    const catchUp = async (): Promise<void> => {
      let cursor = fromPosition;
      for (;;) {
        const page = await readPage(cursor, pageSize);
        if (subscriber.closed) return;
        deliver(page);
        if (subscriber.closed) return;
        const last = page[page.length - 1];
        if (page.length < pageSize || last === undefined || last.position <= cursor) break;
        cursor = last.position;
      }
      const pending = buffer ?? [];
      buffer = undefined;
      deliver(pending);
    };
    catchUp().catch((err: unknown) => subscriber.error(err));

    return () => liveSubscription.unsubscribe();
  });
}
