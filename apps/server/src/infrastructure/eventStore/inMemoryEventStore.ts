import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';

import {
  assertValidAppend,
  expectedRevisionMatches,
  inPage,
  repeatedEventIds,
  streamPage,
} from './appendRules';
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

/** What the in-memory store keeps of an erased stream. */
export interface InMemoryErasure {
  lastRevision: number;
  erasedAt: string;
  audit?: EraseAudit;
}

/** The in-memory store; `erasureOf` answers the audit record of an erased stream. */
export interface InMemoryEventStore<E extends StorableEvent = StorableEvent> extends EventStore<E> {
  erasureOf(stream: string): InMemoryErasure | undefined;
}

/**
 * An `EventStore` held in process memory, for unit tests and demos. Same semantics as the
 * SQLite store (positions start at 1 and are dense until a stream is erased), nothing survives
 * the process.
 */
export function createInMemoryEventStore<E extends StorableEvent = StorableEvent>(
  options: InMemoryEventStoreOptions = {},
): InMemoryEventStore<E> {
  const now = options.now ?? (() => new Date());
  /** Every live event in position order (erased ones are removed). */
  let log: RecordedEvent<E>[] = [];
  let lastPosition = 0;
  const streams = new Map<string, RecordedEvent<E>[]>();
  const erasures = new Map<string, InMemoryErasure>();
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

    const actual = existing.length === 0 ? 'no_stream' : existing[existing.length - 1]!.revision;
    if (!expectedRevisionMatches(expectedRevision, actual)) {
      throw new WrongExpectedVersionError(stream, expectedRevision, actual);
    }

    // After an erasure the stream's revisions continue after the erased ones.
    const first =
      existing.length > 0
        ? existing[existing.length - 1]!.revision + 1
        : (erasures.get(stream)?.lastRevision ?? -1) + 1;
    const recordedAt = now().toISOString();
    const batch = events.map((event, i) =>
      recordedEvent(stream, first + i, lastPosition + i + 1, structuredClone(event), recordedAt),
    );
    log.push(...batch);
    lastPosition += batch.length;
    streams.set(stream, [...existing, ...batch]);
    committed.next(batch);
    const last = batch[batch.length - 1]!;
    return { nextRevision: last.revision, position: last.position };
  }

  function readAfter(after: number, maxCount: number): RecordedEvent<E>[] {
    // Positions increase along the log: binary search for the first one after `after`.
    let [lo, hi] = [0, log.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log[mid]!.position <= after) lo = mid + 1;
      else hi = mid;
    }
    return log.slice(lo, lo + maxCount).map(copy);
  }

  return {
    append: async (stream, events, opts) => appendNow(stream, events, opts),

    async readStream(stream: string, options?: ReadStreamOptions) {
      if (closed) throw new EventStoreClosedError();
      const page = streamPage(stream, options);
      const selected = (streams.get(stream) ?? []).filter((r) => inPage(page, r.revision));
      if (page.direction === 'backwards') selected.reverse();
      return (page.maxCount < 0 ? selected : selected.slice(0, page.maxCount)).map(copy);
    },

    async erase(stream: string, audit?: EraseAudit) {
      if (closed) throw new EventStoreClosedError();
      const existing = streams.get(stream) ?? [];
      if (existing.length === 0) return;
      erasures.set(stream, {
        lastRevision: existing[existing.length - 1]!.revision,
        erasedAt: now().toISOString(),
        ...(audit === undefined ? {} : { audit: { ...audit } }),
      });
      streams.delete(stream);
      log = log.filter((r) => r.streamName !== stream);
    },

    erasureOf(stream: string) {
      const erasure = erasures.get(stream);
      return erasure === undefined ? undefined : structuredClone(erasure);
    },

    async readAll({ fromPosition = 0, maxCount = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}) {
      if (closed) throw new EventStoreClosedError();
      return readAfter(fromPosition, maxCount);
    },

    async headPosition() {
      if (closed) throw new EventStoreClosedError();
      return log[log.length - 1]?.position ?? 0;
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
  const { streamName, revision, position, event, recordedAt } = recorded;
  return recordedEvent(streamName, revision, position, structuredClone(event), recordedAt);
}
