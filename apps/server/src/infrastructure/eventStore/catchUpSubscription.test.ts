import { Subject, toArray, take, tap, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { catchUpThenLive } from './catchUpSubscription';
import type { RecordedEvent, StorableEvent } from './eventStore';

/** A toy log whose page reads can be held open while appends commit in between. */
function toyLog() {
  const log: RecordedEvent[] = [];
  const live = new Subject<readonly RecordedEvent[]>();
  const commit = (count: number): void => {
    const batch = Array.from({ length: count }, (_, i): RecordedEvent => {
      const position = log.length + i + 1;
      const event: StorableEvent = {
        type: 'T',
        data: position,
        metadata: { eventId: `e${position}` },
      };
      return { streamName: 's', revision: position - 1, position, event };
    });
    log.push(...batch);
    live.next(batch);
  };
  return { log, live, commit };
}

describe('catchUpThenLive', () => {
  it('delivers every event once and in order when appends commit between catch-up pages', async () => {
    const { log, live, commit } = toyLog();
    commit(25); // then 3 × 4 during catch-up and 2 live: positions 6..39 follow the checkpoint 5
    let reads = 0;
    const readPage = async (after: number, max: number): Promise<RecordedEvent[]> => {
      const page = log.slice(after, after + max);
      reads += 1;
      if (reads <= 3) commit(4); // commits land after the page was read, before it is delivered
      await new Promise(setImmediate);
      return page;
    };
    // Catch-up is over once the log as it stands (up to position 37) has been delivered: the
    // last page and the switch to live happen in one go, before this promise's callbacks run.
    let caughtUp!: () => void;
    const allRead = new Promise<void>((resolve) => (caughtUp = resolve));
    const received = firstValueFrom(
      catchUpThenLive(readPage, live, 5, 10).pipe(
        tap((recorded) => recorded.position === 37 && caughtUp()),
        take(34),
        toArray(),
      ),
    );
    await allRead;
    commit(2); // live, after catch-up
    const positions = (await received).map((r) => r.position);
    expect(positions).toEqual(Array.from({ length: 34 }, (_, i) => i + 6));
  });

  it('stops reading once the subscriber unsubscribes', async () => {
    const { live, commit, log } = toyLog();
    commit(30);
    let reads = 0;
    const readPage = async (after: number, max: number): Promise<RecordedEvent[]> => {
      reads += 1;
      return log.slice(after, after + max);
    };
    const firstThree = await firstValueFrom(
      catchUpThenLive(readPage, live, 0, 10).pipe(take(3), toArray()),
    );
    // Barrier: a read that went on after the unsubscription would have been asked for by now
    // (the pages resolve at once; every pending promise callback runs before setImmediate's).
    await new Promise(setImmediate);
    expect(firstThree.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(reads).toBe(1);
    expect(live.observed).toBe(false);
  });
});
