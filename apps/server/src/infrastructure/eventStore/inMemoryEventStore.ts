import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';

import { assertValidAppend, expectedRevisionMatches, repeatedEventIds } from './appendRules';
import { catchUpThenLive } from './catchUpSubscription';
import {
  EventStoreClosedError,
  PartialDuplicateBatchError,
  WrongExpectedVersionError,
} from './eventStore';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StorableEvent,
  SubscribeToAllOptions,
} from './eventStore';

export interface InMemoryEventStoreOptions {
  /** Source of `recordedAt`; defaults to the system clock. */
  now?: () => Date;
}

/**
 * An `EventStore` held in process memory, for unit tests and demos. Same semantics as the
 * SQLite store (positions start at 1 and are dense), nothing survives the process.
 */
export function createInMemoryEventStore<E extends StorableEvent = StorableEvent>(
  options: InMemoryEventStoreOptions = {},
): EventStore<E> {
  const now = options.now ?? (() => new Date());
  const log: RecordedEvent<E>[] = [];
  const streams = new Map<string, RecordedEvent<E>[]>();
  const committed = new Subject<readonly RecordedEvent<E>[]>();
  let closed = false;

  function appendNow(
    stream: string,
    events: readonly E[],
    { expectedRevision }: AppendOptions,
  ): AppendResult {
    if (closed) throw new EventStoreClosedError();
    assertValidAppend(stream, events, expectedRevision);
    const existing = streams.get(stream) ?? [];

    const stored = events.map((e) =>
      existing.find((r) => r.event.metadata.eventId === e.metadata.eventId),
    );
    if (stored.every((r) => r !== undefined)) {
      const last = stored.reduce((a, b) => (a!.position > b!.position ? a : b))!;
      return { nextRevision: last.revision, position: last.position };
    }
    const duplicates = [
      ...stored.flatMap((r) => (r ? [r.event.metadata.eventId] : [])),
      ...repeatedEventIds(events),
    ];
    if (duplicates.length > 0) throw new PartialDuplicateBatchError(stream, duplicates);

    const actual = existing.length === 0 ? 'no_stream' : existing.length - 1;
    if (!expectedRevisionMatches(expectedRevision, actual)) {
      throw new WrongExpectedVersionError(stream, expectedRevision, actual);
    }

    const recordedAt = now().toISOString();
    const batch = events.map((event, i): RecordedEvent<E> => ({
      streamName: stream,
      revision: existing.length + i,
      position: log.length + i + 1,
      event: structuredClone(event),
      recordedAt,
    }));
    log.push(...batch);
    streams.set(stream, [...existing, ...batch]);
    committed.next(batch);
    const last = batch[batch.length - 1]!;
    return { nextRevision: last.revision, position: last.position };
  }

  function readAfter(after: number, maxCount: number): RecordedEvent<E>[] {
    // Positions are 1-based and dense, so the event at position p sits at index p - 1.
    return log.slice(Math.max(0, after), Math.max(0, after) + maxCount).map(copy);
  }

  return {
    append: async (stream, events, opts) => appendNow(stream, events, opts),

    async readStream(stream: string, { fromRevision = 0 }: ReadStreamOptions = {}) {
      if (closed) throw new EventStoreClosedError();
      return (streams.get(stream) ?? []).slice(fromRevision).map(copy);
    },

    async readAll({ fromPosition = 0, maxCount = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}) {
      if (closed) throw new EventStoreClosedError();
      return readAfter(fromPosition, maxCount);
    },

    subscribeToAll({ fromPosition = 0 }: SubscribeToAllOptions = {}): Observable<RecordedEvent<E>> {
      return catchUpThenLive<E>(
        async (after, max) => readAfter(after, max),
        committed,
        fromPosition,
      );
    },

    async close() {
      closed = true;
      committed.complete();
    },
  };
}

function copy<E extends StorableEvent>(recorded: RecordedEvent<E>): RecordedEvent<E> {
  return { ...recorded, event: structuredClone(recorded.event) };
}
