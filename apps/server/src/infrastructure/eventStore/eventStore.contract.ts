/**
 * The one behavioural contract every `EventStore` adapter passes. Run it from an adapter's
 * test file with `describeEventStoreContract('sqlite', () => openSqliteEventStore(...))`.
 * Cases only use streams with fresh random names and read the global log from a marker
 * position, so they also hold on a shared server (KurrentDB) that already holds events.
 */
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PartialDuplicateBatchError, WrongExpectedVersionError } from './eventStore';
import type { EventStore, ReadStreamOptions, RecordedEvent } from './eventStore';
import { streamName, testEvent } from './contractEvents';
import type { ContractEvent } from './contractEvents';

export interface ContractOptions {
  /** Whether the adapter rejects a batch that repeats stored eventIds only in part. */
  rejectsPartialDuplicates?: boolean;
  /**
   * Whether erased events leave `readAll` and subscriptions at once (SQLite, in-memory);
   * KurrentDB drops them from `$all` only at its next scavenge.
   */
  erasesFromAllAtOnce?: boolean;
  /**
   * Whether an erased stream counts as not existing for the expected-revision check
   * (`'no_stream'` passes, a revision from before the erasure conflicts) — the port's rule,
   * asserted where the store decides it (SQLite, in-memory), not for KurrentDB's server.
   */
  erasedStreamCountsAsNew?: boolean;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the append to be rejected'),
    (err: unknown) => err,
  );
}

export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStore<ContractEvent>> | EventStore<ContractEvent>,
  options: ContractOptions = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore<ContractEvent>;
    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    /** Appends a marker event and returns its position: everything after it is this test's. */
    async function marker(): Promise<number> {
      return (await store.append(streamName(), [testEvent(-1)], { expectedRevision: 'no_stream' }))
        .position;
    }

    async function readOwnAfter(
      from: number,
      streams: string[],
    ): Promise<RecordedEvent<ContractEvent>[]> {
      return (await store.readAll({ fromPosition: from })).filter((r) =>
        streams.includes(r.streamName),
      );
    }

    it("'no_stream' creates a stream once, then conflicts and writes nothing", async () => {
      const stream = streamName();
      const first = await store.append(stream, [testEvent(0), testEvent(1)], {
        expectedRevision: 'no_stream',
      });
      expect(first.nextRevision).toBe(1);
      expect(typeof first.position).toBe('number');

      const err = await rejection(
        store.append(stream, [testEvent(2)], { expectedRevision: 'no_stream' }),
      );
      expect(err).toBeInstanceOf(WrongExpectedVersionError);
      expect(err).toMatchObject({ stream, expected: 'no_stream', actual: 1 });
      expect((await store.readStream(stream)).map((r) => r.event.data.n)).toEqual([0, 1]);
    });

    it('an exact revision appends after that revision and a stale one conflicts', async () => {
      const stream = streamName();
      await store.append(stream, [testEvent(0)], { expectedRevision: 'no_stream' });
      const second = await store.append(stream, [testEvent(1)], { expectedRevision: 0 });
      expect(second.nextRevision).toBe(1);

      const err = await rejection(store.append(stream, [testEvent(9)], { expectedRevision: 0 }));
      expect(err).toMatchObject({
        name: 'WrongExpectedVersionError',
        stream,
        expected: 0,
        actual: 1,
      });
      const missing = streamName();
      const onMissing = await rejection(
        store.append(missing, [testEvent(9)], { expectedRevision: 0 }),
      );
      expect(onMissing).toMatchObject({ stream: missing, expected: 0, actual: 'no_stream' });

      expect((await store.readStream(stream)).map((r) => r.revision)).toEqual([0, 1]);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it("'any' appends whatever the stream's state", async () => {
      const stream = streamName();
      expect(
        (await store.append(stream, [testEvent(0)], { expectedRevision: 'any' })).nextRevision,
      ).toBe(0);
      expect(
        (await store.append(stream, [testEvent(1)], { expectedRevision: 'any' })).nextRevision,
      ).toBe(1);
    });

    it("'stream_exists' conflicts on a missing stream and appends to an existing one", async () => {
      const stream = streamName();
      const err = await rejection(
        store.append(stream, [testEvent(0)], { expectedRevision: 'stream_exists' }),
      );
      expect(err).toMatchObject({
        name: 'WrongExpectedVersionError',
        expected: 'stream_exists',
        actual: 'no_stream',
      });
      await store.append(stream, [testEvent(0)], { expectedRevision: 'no_stream' });
      expect(
        (await store.append(stream, [testEvent(1)], { expectedRevision: 'stream_exists' }))
          .nextRevision,
      ).toBe(1);
    });

    it('re-appending the same eventIds stores nothing and answers the original result', async () => {
      const stream = streamName();
      const batch = [testEvent(0), testEvent(1)];
      const original = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      await store.append(stream, [testEvent(2)], { expectedRevision: 1 });

      const resent = await store.append(stream, batch, { expectedRevision: 'no_stream' });
      expect(resent).toEqual(original);
      const viaAny = await store.append(stream, batch, { expectedRevision: 'any' });
      expect(viaAny.nextRevision).toBe(original.nextRevision);
      expect((await store.readStream(stream)).map((r) => r.event.data.n)).toEqual([0, 1, 2]);
    });

    if (options.rejectsPartialDuplicates) {
      it('a batch repeating stored eventIds only in part is rejected and writes nothing', async () => {
        const stream = streamName();
        const stored = testEvent(0);
        await store.append(stream, [stored], { expectedRevision: 'no_stream' });
        const err = await rejection(
          store.append(stream, [stored, testEvent(1)], { expectedRevision: 'any' }),
        );
        expect(err).toBeInstanceOf(PartialDuplicateBatchError);
        expect((await store.readStream(stream)).length).toBe(1);
      });
    }

    it('reads a stream from a revision, with events and metadata intact', async () => {
      const stream = streamName();
      const events = [0, 1, 2, 3].map((n) => testEvent(n));
      await store.append(stream, events, { expectedRevision: 'no_stream' });
      const tail = await store.readStream(stream, { fromRevision: 2 });
      expect(tail.map((r) => r.revision)).toEqual([2, 3]);
      expect(tail.map((r) => r.event)).toEqual(events.slice(2));
      expect(tail[0]!.streamName).toBe(stream);
    });

    it('pages a stream forwards and backwards with from, to and maxCount', async () => {
      const stream = streamName();
      const events = Array.from({ length: 10 }, (_, n) => testEvent(n));
      await store.append(stream, events, { expectedRevision: 'no_stream' });
      const revisions = async (options: ReadStreamOptions): Promise<number[]> =>
        (await store.readStream(stream, options)).map((r) => r.revision);

      expect(await revisions({ fromRevision: 2, toRevision: 5 })).toEqual([2, 3, 4, 5]);
      expect(await revisions({ fromRevision: 2, maxCount: 3 })).toEqual([2, 3, 4]);
      expect(await revisions({ fromRevision: 3, toRevision: 8, maxCount: 2 })).toEqual([3, 4]);
      expect(await revisions({ toRevision: 1, direction: 'forwards' })).toEqual([0, 1]);
      expect(await revisions({ maxCount: 0 })).toEqual([]);
      expect(await revisions({ fromRevision: 10 })).toEqual([]);

      expect(await revisions({ direction: 'backwards' })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      expect(await revisions({ direction: 'backwards', maxCount: 3 })).toEqual([9, 8, 7]);
      expect(await revisions({ direction: 'backwards', fromRevision: 6, toRevision: 3 })).toEqual([
        6, 5, 4, 3,
      ]);
      expect(
        await revisions({ direction: 'backwards', fromRevision: 7, toRevision: 2, maxCount: 4 }),
      ).toEqual([7, 6, 5, 4]);
      expect(await revisions({ direction: 'backwards', fromRevision: 1 })).toEqual([1, 0]);
      expect(await revisions({ direction: 'backwards', toRevision: 8 })).toEqual([9, 8]);

      const newestFirst = await store.readStream(stream, { direction: 'backwards', maxCount: 2 });
      expect(newestFirst.map((r) => r.event)).toEqual([events[9], events[8]]);
      expect(await store.readStream(streamName(), { direction: 'backwards' })).toEqual([]);
      await expect(store.readStream(stream, { maxCount: -1 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.readStream(stream, { fromRevision: 1.5 })).rejects.toBeInstanceOf(
        RangeError,
      );
    });

    it('erase removes the stream’s events and leaves other streams, readAll and subscriptions working', async () => {
      const from = await marker();
      const [erased, kept] = [streamName(), streamName()];
      await store.append(erased, [testEvent(0), testEvent(1)], { expectedRevision: 'no_stream' });
      await store.append(kept, [testEvent(10)], { expectedRevision: 'no_stream' });
      await store.append(erased, [testEvent(2)], { expectedRevision: 1 });
      await store.append(kept, [testEvent(11)], { expectedRevision: 0 });

      await store.erase(erased, { actorId: 'contract', reason: 'contract test' });

      expect(await store.readStream(erased)).toEqual([]);
      expect(await store.readStream(erased, { direction: 'backwards' })).toEqual([]);
      expect((await store.readStream(kept)).map((r) => r.event.data.n)).toEqual([10, 11]);

      const own = options.erasesFromAllAtOnce ? [erased, kept] : [kept];
      const all = await readOwnAfter(from, own);
      expect(all.map((r) => r.event.data.n)).toEqual([10, 11]);

      const received = firstValueFrom(
        store.subscribeToAll({ fromPosition: from }).pipe(
          filter((r) => own.includes(r.streamName)),
          take(3),
          toArray(),
        ),
      );
      await store.append(kept, [testEvent(12)], { expectedRevision: 1 });
      expect((await received).map((r) => r.event.data.n)).toEqual([10, 11, 12]);

      // Erasing again, or a stream that never existed, is a no-op.
      await store.erase(erased);
      await store.erase(streamName());
      expect((await store.readStream(kept)).map((r) => r.event.data.n)).toEqual([10, 11, 12]);
    });

    it('an erased stream written again continues its revisions and holds only the new events', async () => {
      const stream = streamName();
      await store.append(stream, [testEvent(0), testEvent(1), testEvent(2)], {
        expectedRevision: 'no_stream',
      });
      await store.erase(stream);

      if (options.erasedStreamCountsAsNew) {
        const stale = await rejection(
          store.append(stream, [testEvent(9)], { expectedRevision: 2 }),
        );
        expect(stale).toMatchObject({ name: 'WrongExpectedVersionError', actual: 'no_stream' });
        const exists = await rejection(
          store.append(stream, [testEvent(9)], { expectedRevision: 'stream_exists' }),
        );
        expect(exists).toBeInstanceOf(WrongExpectedVersionError);
        const recreated = await store.append(stream, [testEvent(3)], {
          expectedRevision: 'no_stream',
        });
        expect(recreated.nextRevision).toBe(3);
      } else {
        const recreated = await store.append(stream, [testEvent(3)], { expectedRevision: 'any' });
        expect(recreated.nextRevision).toBe(3);
      }
      const next = await store.append(stream, [testEvent(4)], { expectedRevision: 3 });
      expect(next.nextRevision).toBe(4);

      const read = await store.readStream(stream);
      expect(read.map((r) => [r.revision, r.event.data.n])).toEqual([
        [3, 3],
        [4, 4],
      ]);
      expect(
        (await store.readStream(stream, { direction: 'backwards' })).map((r) => r.revision),
      ).toEqual([4, 3]);
      expect(await store.readStream(stream, { toRevision: 2 })).toEqual([]);
    });

    it('readAll returns events of all streams in commit order, after a position, up to maxCount', async () => {
      const from = await marker();
      const [a, b] = [streamName(), streamName()];
      await store.append(a, [testEvent(0)], { expectedRevision: 'no_stream' });
      await store.append(b, [testEvent(1), testEvent(2)], { expectedRevision: 'no_stream' });
      await store.append(a, [testEvent(3)], { expectedRevision: 0 });

      const all = await readOwnAfter(from, [a, b]);
      expect(all.map((r) => r.event.data.n)).toEqual([0, 1, 2, 3]);
      expect(all.map((r) => r.streamName)).toEqual([a, b, b, a]);
      const positions = all.map((r) => r.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(new Set(positions).size).toBe(4);

      const firstTwo = await store.readAll({ fromPosition: from, maxCount: 2 });
      expect(firstTwo.map((r) => r.event.metadata.eventId)).toEqual(
        all.slice(0, 2).map((r) => r.event.metadata.eventId),
      );
      const afterSecond = await store.readAll({ fromPosition: all[1]!.position, maxCount: 1 });
      expect(afterSecond[0]!.event.data.n).toBe(2);
    });

    it('headPosition is the position of the last event readAll returns', async () => {
      await store.append(streamName(), [testEvent(0)], { expectedRevision: 'no_stream' });
      const last = await store.append(streamName(), [testEvent(1), testEvent(2)], {
        expectedRevision: 'no_stream',
      });
      const head = await store.headPosition();
      expect(head).toBe(last.position);
      expect(await store.readAll({ fromPosition: head })).toEqual([]);
    });

    it('subscribeToAll catches up then goes live with no gap and no duplicate under concurrent appends', async () => {
      const from = await marker();
      const streams = [streamName(), streamName(), streamName()];
      for (let n = 0; n < 60; n += 1) {
        await store.append(streams[n % 3]!, [testEvent(n)], { expectedRevision: 'any' });
      }
      const received = firstValueFrom(
        store.subscribeToAll({ fromPosition: from }).pipe(
          filter((r) => streams.includes(r.streamName)),
          take(120),
          toArray(),
        ),
      );
      // Appended while the subscription is still catching up.
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          store.append(streams[i % 3]!, [testEvent(60 + i)], { expectedRevision: 'any' }),
        ),
      );
      const events = await received;
      const positions = events.map((r) => r.position);
      expect(new Set(events.map((r) => r.event.data.n))).toEqual(
        new Set(Array.from({ length: 120 }, (_, n) => n)),
      );
      expect(positions).toEqual([...new Set(positions)].sort((x, y) => x - y));
      expect(events.slice(0, 60).map((r) => r.event.data.n)).toEqual(
        Array.from({ length: 60 }, (_, n) => n),
      );
    });

    it('a subscription resumed from a checkpoint delivers only what follows it', async () => {
      const from = await marker();
      const stream = streamName();
      await store.append(
        stream,
        [0, 1, 2, 3, 4].map((n) => testEvent(n)),
        { expectedRevision: 'no_stream' },
      );
      const own = (r: RecordedEvent<ContractEvent>): boolean => r.streamName === stream;

      const firstTwo = await firstValueFrom(
        store.subscribeToAll({ fromPosition: from }).pipe(filter(own), take(2), toArray()),
      );
      const checkpoint = firstTwo[1]!.position;
      const resumed = firstValueFrom(
        store.subscribeToAll({ fromPosition: checkpoint }).pipe(filter(own), take(4), toArray()),
      );
      await store.append(stream, [testEvent(5)], { expectedRevision: 4 });
      expect((await resumed).map((r) => r.event.data.n)).toEqual([2, 3, 4, 5]);
    });

    it('stores and reads back a 256 KB event', async () => {
      const stream = streamName();
      const blob = 'x'.repeat(256 * 1024);
      await store.append(stream, [testEvent(0, blob)], { expectedRevision: 'no_stream' });
      const [read] = await store.readStream(stream);
      expect(read!.event.data.blob).toHaveLength(256 * 1024);
    });

    it('of 100 concurrent appends expecting the same revision, exactly one wins', async () => {
      const stream = streamName();
      await store.append(stream, [testEvent(0)], { expectedRevision: 'no_stream' });
      const settled = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) =>
          store.append(stream, [testEvent(i + 1)], { expectedRevision: 0 }),
        ),
      );
      const won = settled.filter((s) => s.status === 'fulfilled');
      const lost = settled.filter((s) => s.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.every((s) => s.reason instanceof WrongExpectedVersionError)).toBe(true);
      expect((await store.readStream(stream)).map((r) => r.revision)).toEqual([0, 1]);
    });
  });
}
