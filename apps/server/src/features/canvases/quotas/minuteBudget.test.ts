/**
 * The drawing budget on one node, and on two nodes sharing one state (the in-memory shared
 * state here; sharedState.redis.int.test.ts does the same through Redis).
 */
import { describe, expect, it } from 'vitest';
import { QUOTA_BYTES_PER_MINUTE_REACHED } from '@tabula/domain';
import { createInMemorySharedState } from '../../../infrastructure/sharedState/sharedState';
import type { SharedState } from '../../../infrastructure/sharedState/sharedState';
import { MinuteBudget } from './minuteBudget';

const PER_MINUTE = 1_000;
const RATE = { perMinute: PER_MINUTE, burst: PER_MINUTE };

function fixedClock() {
  let ms = 1_000_000;
  return {
    now: () => new Date(ms),
    advance: (by: number) => {
      ms += by;
    },
  };
}

describe('drawing budget of one node', () => {
  it('accepts while some budget is left, refuses once spent, and refills over the minute', async () => {
    const clock = fixedClock();
    const budget = new MinuteBudget(RATE, clock);
    expect(budget.take('u', 600)).toBe(true);
    // Some left: the write is accepted whole and the budget goes below zero.
    expect(budget.take('u', 600)).toBe(true);
    expect(budget.take('u', 1)).toBe(false);
    await expect(budget.assertLeft('u')).rejects.toThrow(QUOTA_BYTES_PER_MINUTE_REACHED);
    // Another user has a budget of their own.
    await expect(budget.assertLeft('v')).resolves.toBeUndefined();
    // -200 + 30 s × 1,000/min = 300 left.
    clock.advance(30_000);
    await expect(budget.assertLeft('u')).resolves.toBeUndefined();
    expect(budget.take('u', 1)).toBe(true);
  });

  it('holds at most the burst: after a pause the user may save the burst at once, no more', async () => {
    const clock = fixedClock();
    const budget = new MinuteBudget({ perMinute: PER_MINUTE, burst: 300 }, clock);
    expect(budget.take('u', 200)).toBe(true);
    expect(budget.take('u', 200)).toBe(true); // 100 were left: taken whole, now -100
    expect(budget.take('u', 1)).toBe(false);
    // Refilled at the minute's rate: 100 back after 6 s, and some left after 6.06 s.
    clock.advance(6_000);
    expect(budget.take('u', 1)).toBe(false);
    clock.advance(60);
    expect(budget.take('u', 1)).toBe(true);
    // A long pause fills the bucket to the burst, not to a minute's worth.
    clock.advance(600_000);
    expect(budget.take('u', 300)).toBe(true);
    expect(budget.take('u', 1)).toBe(false);
  });
});

describe('drawing budget shared by two nodes', () => {
  function twoNodes(state: SharedState = createInMemorySharedState()) {
    const clock = fixedClock();
    return {
      clock,
      a: new MinuteBudget(RATE, clock, state),
      b: new MinuteBudget(RATE, clock, state),
    };
  }

  it('a node that has not seen the user reads what the others spent before the first write', async () => {
    const { a, b } = twoNodes();
    await a.assertLeft('u');
    expect(a.take('u', 1_000)).toBe(true);
    await a.settled();
    await expect(b.assertLeft('u')).rejects.toThrow(QUOTA_BYTES_PER_MINUTE_REACHED);
    expect(b.take('u', 1)).toBe(false);
  });

  it('each node lets through at most the one write with which it learns the budget is spent', async () => {
    const { a, b } = twoNodes();
    await a.assertLeft('u');
    await b.assertLeft('u');
    // Both saw a full budget; each spends 600 before hearing of the other.
    expect(a.take('u', 600)).toBe(true);
    expect(b.take('u', 600)).toBe(true);
    await Promise.all([a.settled(), b.settled()]);
    // The shared bucket holds both spends: -200. B learned it with its own write.
    expect(b.take('u', 1)).toBe(false);
    // A learned only 400 left when it sent; its next write is the one that tells it.
    expect(a.take('u', 100)).toBe(true);
    await a.settled();
    expect(a.take('u', 1)).toBe(false);
    await expect(a.assertLeft('u')).rejects.toThrow(QUOTA_BYTES_PER_MINUTE_REACHED);
  });

  it('spends made while an update is on its way are sent next, summed', async () => {
    const updates: number[] = [];
    const inner = createInMemorySharedState();
    const counting: SharedState = {
      update: (key, change) => {
        updates.push(1);
        return inner.update(key, change);
      },
      close: () => inner.close(),
    };
    const { a, b } = twoNodes(counting);
    for (let i = 0; i < 5; i += 1) expect(a.take('u', 100)).toBe(true);
    await a.settled();
    // One update for the first spend, one for the four made while it was on its way.
    expect(updates).toHaveLength(2);
    await b.assertLeft('u');
    expect(b.take('u', 500)).toBe(true);
    await b.settled();
    expect(b.take('u', 1)).toBe(false);
  });

  it('an unreachable shared state leaves each node counting on its own', async () => {
    const errors: unknown[] = [];
    const broken: SharedState = {
      update: async () => {
        throw new Error('Redis is down');
      },
      close: async () => undefined,
    };
    const budget = new MinuteBudget(RATE, fixedClock(), broken, (error) => errors.push(error));
    await expect(budget.assertLeft('u')).resolves.toBeUndefined();
    expect(budget.take('u', 1_000)).toBe(true);
    await budget.settled();
    expect(budget.take('u', 1)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });
});
