/** Runs the read-model contract against a real Redis (REDIS_URL, default 127.0.0.1:6379; CI always has one). */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { putDoc } from './readModelStore';
import { describeReadModelStoreContract } from './readModelStore.contract';
import { createRedisReadModelStore } from './redisReadModelStore';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const client = new Redis(redisUrl);
const runPrefix = `test:rm:${randomUUID()}`;

afterAll(async () => {
  await client.quit();
});

describeReadModelStoreContract('redis', (namespace) =>
  createRedisReadModelStore({ redis: client, prefix: `${runPrefix}:${namespace}` }),
);

describe('Redis read-model store', () => {
  it('shares data between stores (nodes) with the same prefix and leaves foreign keys alone on clear', async () => {
    const prefix = `${runPrefix}:shared`;
    const nodeA = createRedisReadModelStore({ redis: client, prefix });
    const nodeB = createRedisReadModelStore({ redis: redisUrl, prefix });
    const foreignKey = `${runPrefix}:foreign`;
    await client.set(foreignKey, 'keep me');
    try {
      await nodeA.commit('p', 1, [putDoc('users', 'u1', { name: 'Ada' })]);
      expect(await nodeB.get('users', 'u1')).toEqual({ name: 'Ada' });
      expect(await nodeB.commit('p', 1, [putDoc('users', 'u1', { name: 'stale' })])).toBe(false);
      await nodeB.clear();
      expect(await nodeA.get('users', 'u1')).toBeNull();
      expect(await client.get(foreignKey)).toBe('keep me');
    } finally {
      await client.del(foreignKey);
      await nodeA.close();
      await nodeB.close();
    }
    // The store that was handed a client leaves it open; the one that opened its own closed it.
    expect(client.status).toBe('ready');
  });

  it('re-loads its commit script after Redis forgot it (SCRIPT FLUSH)', async () => {
    const store = createRedisReadModelStore({ redis: client, prefix: `${runPrefix}:flush` });
    await store.commit('p', 1, []);
    await client.script('FLUSH');
    expect(await store.commit('p', 2, [putDoc('d', 'x', 1)])).toBe(true);
    expect(await store.get('d', 'x')).toBe(1);
    await store.clear();
  });
});
