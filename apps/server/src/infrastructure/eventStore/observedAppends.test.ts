import { describe, expect, it } from 'vitest';
import type { AppendResult, EventStore, StorableEvent } from './eventStore';
import { createInMemoryEventStore } from './inMemoryEventStore';
import { observeAppends } from './observedAppends';
import type { AppendOutcome } from './observedAppends';

const event = (eventId: string): StorableEvent => ({
  type: 'Noted',
  data: {},
  metadata: { eventId },
});

describe('observeAppends', () => {
  it('tells each append its outcome and batch size, and leaves the other methods to the store', async () => {
    const seen: [AppendOutcome, number][] = [];
    const inner = createInMemoryEventStore();
    const { store } = observeAppends(inner, (seconds, outcome, events) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push([outcome, events]);
    });
    await store.append('s-1', [event('a'), event('b')], { expectedRevision: 'no_stream' });
    await expect(
      store.append('s-1', [event('c')], { expectedRevision: 'no_stream' }),
    ).rejects.toThrow('Wrong expected revision');
    expect(seen).toEqual([
      ['ok', 2],
      ['conflict', 1],
    ]);
    expect(await store.headPosition()).toBe(await inner.headPosition());
    expect((await store.readStream('s-1')).map((record) => record.revision)).toEqual([0, 1]);
  });

  it('settled() waits for the appends under way, failed ones included', async () => {
    const inner = createInMemoryEventStore();
    const gates: (() => void)[] = [];
    const slow: EventStore<StorableEvent> = new Proxy(inner, {
      get(target, property) {
        if (property !== 'append') return Reflect.get(target, property, target);
        return (...args: Parameters<EventStore['append']>) =>
          new Promise<AppendResult>((resolve, reject) =>
            gates.push(() => target.append(...args).then(resolve, reject)),
          );
      },
    });
    const observed = observeAppends(slow, () => undefined);
    const first = observed.store.append('s-1', [event('a')], { expectedRevision: 'no_stream' });
    const second = observed.store.append('s-2', [event('b')], { expectedRevision: 3 });
    second.catch(() => undefined);
    expect(observed.inFlight).toBe(2);
    let settled = false;
    const waiting = observed.settled().then(() => (settled = true));
    gates.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve)); // every promise job has run
    expect(settled).toBe(false);
    gates.shift()!();
    await waiting;
    expect(observed.inFlight).toBe(0);
    expect(await inner.headPosition()).toBeGreaterThan(0);
  });
});
