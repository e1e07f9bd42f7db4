import type {
  ExpectedRevision,
  ReadDirection,
  ReadStreamOptions,
  StorableEvent,
} from './eventStore';

export { expectedRevisionMatches } from './revisionRules.mjs';

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

/** A stream read with its defaults filled in; `from`/`to` are inclusive, `maxCount` -1 = all. */
export interface StreamPage {
  direction: ReadDirection;
  from: number;
  to: number;
  maxCount: number;
}

/** Checks a stream read's options and fills in the defaults of `ReadStreamOptions`. */
export function streamPage(stream: string, options: ReadStreamOptions = {}): StreamPage {
  const { fromRevision, toRevision, maxCount, direction = 'forwards' } = options;
  for (const [name, value] of [
    ['fromRevision', fromRevision],
    ['toRevision', toRevision],
    ['maxCount', maxCount],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new RangeError(`readStream '${stream}': ${name} ${value} is not a whole number >= 0`);
    }
  }
  if (direction !== 'forwards' && direction !== 'backwards') {
    throw new RangeError(`readStream '${stream}': unknown direction ${String(direction)}`);
  }
  const end = Number.MAX_SAFE_INTEGER;
  return direction === 'forwards'
    ? { direction, from: fromRevision ?? 0, to: toRevision ?? end, maxCount: maxCount ?? -1 }
    : { direction, from: fromRevision ?? end, to: toRevision ?? 0, maxCount: maxCount ?? -1 };
}

/** True when `revision` lies inside the page's bounds (either direction). */
export function inPage(page: StreamPage, revision: number): boolean {
  return page.direction === 'forwards'
    ? revision >= page.from && revision <= page.to
    : revision <= page.from && revision >= page.to;
}
