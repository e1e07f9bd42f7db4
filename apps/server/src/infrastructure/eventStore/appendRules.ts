import type { ActualRevision, ExpectedRevision, StorableEvent } from './eventStore';

/** True when a stream whose last revision is `actual` satisfies `expected`. */
export function expectedRevisionMatches(
  expected: ExpectedRevision,
  actual: ActualRevision,
): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

/** Rejects what no adapter accepts: an empty batch, or a revision that is not a whole number ≥ 0. */
export function assertValidAppend(
  stream: string,
  events: readonly StorableEvent[],
  expected: ExpectedRevision,
): void {
  if (stream.length === 0) throw new RangeError('append: the stream name is empty');
  if (events.length === 0) throw new RangeError(`append to '${stream}': the batch is empty`);
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new RangeError(`append to '${stream}': expectedRevision ${expected} is not a revision`);
  }
}

/** The eventIds that appear more than once inside one batch. */
export function repeatedEventIds(events: readonly StorableEvent[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const event of events) {
    const id = event.metadata.eventId;
    if (seen.has(id)) repeated.push(id);
    seen.add(id);
  }
  return repeated;
}
