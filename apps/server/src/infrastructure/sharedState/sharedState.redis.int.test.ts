/**
 * Shared state in memory and in Redis (REDIS_URL, default 127.0.0.1:6379): updates of one key
 * never lose each other, also from two nodes (two clients) at once; values expire; and the
 * failed-login backoff and the drawing budget counted on one node hold on another.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { QUOTA_BYTES_PER_MINUTE_REACHED } from '@tabula/domain';
import { LoginBackoff } from '../../features/auth/loginBackoff';
import { MinuteBudget } from '../../features/canvases/quotas/minuteBudget';
import { createRedisSharedState } from './redisSharedState';
import { createInMemorySharedState } from './sharedState';
import type { SharedState } from './sharedState';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const clients = [new Redis(url), new Redis(url)];
const prefix = `tabula-test:limits:${randomUUID()}`;

afterAll(async () => {
  const keys = await clients[0]!.keys(`${prefix}:*`);
  if (keys.length) await clients[0]!.del(...keys);
  await Promise.all(clients.map((client) => client.quit()));
});

const increment = (state: SharedState, key: string) =>
  state.update<number, number>(key, (count = 0) => ({
    next: count + 1,
    ttlMs: 60_000,
    result: count + 1,
  }));

describe('shared state', () => {
  it('in memory: a value lives for its TTL, and undefined deletes it', async () => {
    let now = 0;
    const state = createInMemorySharedState(() => now);
    expect(await increment(state, 'k')).toBe(1);
    now += 59_999;
    expect(await increment(state, 'k')).toBe(2);
    now += 60_000;
    expect(await increment(state, 'k')).toBe(1);
    await state.update('k', () => ({ next: undefined, ttlMs: 0, result: null }));
    expect(await increment(state, 'k')).toBe(1);
  });

  it('in Redis: 100 increments from two nodes at once lose none; the key carries its TTL', async () => {
    const [a, b] = clients.map((client) => createRedisSharedState(client, prefix));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => increment(i % 2 ? a! : b!, 'counter')),
    );
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const ttl = await clients[0]!.pttl(`${prefix}:counter`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('failed logins counted on one node slow the next attempt on another', async () => {
    const now = () => 1_000_000;
    const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 30_000, forgetMs: 900_000 };
    const [onA, onB] = clients.map(
      (client) => new LoginBackoff(policy, createRedisSharedState(client, prefix), now, 'account'),
    );
    for (const node of [onA, onB, onA]) expect(await node!.attempt('ada@example.com')).toBe(0);
    expect(await onB!.attempt('ada@example.com')).toBe(1000);
    // The owner's right password on node A forgives: node B lets the next attempt through.
    await onA!.succeeded('ada@example.com', true);
    expect(await onB!.attempt('ada@example.com')).toBe(0);
  });

  it('the drawing budget spent on one node is spent on the other', async () => {
    const clock = { now: () => new Date(1_000_000) };
    const [onA, onB] = clients.map(
      (client) =>
        new MinuteBudget(
          { perMinute: 1_000, burst: 1_000 },
          clock,
          createRedisSharedState(client, prefix),
        ),
    );
    await onA!.assertLeft('grace');
    expect(onA!.take('grace', 700)).toBe(true);
    await onA!.settled();
    // Node B reads the 300 left before the user's first write there.
    await onB!.assertLeft('grace');
    expect(onB!.take('grace', 300)).toBe(true);
    await onB!.settled();
    expect(onB!.take('grace', 1)).toBe(false);
    await expect(onB!.assertLeft('grace')).rejects.toThrow(QUOTA_BYTES_PER_MINUTE_REACHED);
  });
});
