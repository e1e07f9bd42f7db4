/** Runs the presence contract against a real Redis (REDIS_URL, default 127.0.0.1:6379; CI always has one). */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { describePresenceStoreContract } from './presenceStore.contract';
import { createRedisPresenceStore } from './redisPresenceStore';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const client = new Redis(redisUrl);
const runPrefix = `test:presence:${randomUUID()}`;

afterAll(async () => {
  const keys = await client.keys(`${runPrefix}:*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
});

describePresenceStoreContract('redis', ({ namespace, ttlMs, now }) =>
  createRedisPresenceStore({ redis: client, prefix: `${runPrefix}:${namespace}`, ttlMs, now }),
);

describe('Redis presence store across nodes', () => {
  it("shows every node's sockets, and drops a stopped node's sockets after the TTL", async () => {
    let time = 1_000_000;
    const prefix = `${runPrefix}:nodes`;
    const nodeA = createRedisPresenceStore({
      redis: client,
      prefix,
      ttlMs: 10_000,
      now: () => time,
    });
    const nodeB = createRedisPresenceStore({
      redis: redisUrl,
      prefix,
      ttlMs: 10_000,
      now: () => time,
    });
    try {
      await nodeA.setOnline('u1', 's1', 'socket-a', { username: 'ada', profilePhoto: 'a' });
      await nodeB.setOnline('u2', 's2', 'socket-b', { username: 'bob', profilePhoto: 'b' });
      expect((await nodeB.onlineUsers()).map((user) => user.userId)).toEqual(['u1', 'u2']);
      expect(await nodeB.otherSessionOnline('u1', 's-new-login')).toBe(true);

      // Node A stops heartbeating (crashed); node B keeps going.
      time += 6_000;
      expect(await nodeB.refresh()).toEqual([]);
      time += 6_000;
      // The refresh that forgets the dead node's socket names its user, to be told offline.
      expect(await nodeB.refresh()).toEqual(['u1']);
      expect(await nodeB.refresh()).toEqual([]);
      expect((await nodeB.onlineUsers()).map((user) => user.userId)).toEqual(['u2']);
      expect(await nodeB.isUserOnline('u1')).toBe(false);
      // The refresh also deleted the dead entry from Redis.
      expect(await client.hkeys(`${prefix}:sockets`)).toEqual(['socket-b']);
      expect(await client.pttl(`${prefix}:sockets`)).toBeGreaterThan(10_000);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
    expect(client.status).toBe('ready');
  });

  it('prunes more expired entries than one script batch', async () => {
    let time = 0;
    const prefix = `${runPrefix}:many`;
    const crashed = createRedisPresenceStore({
      redis: client,
      prefix,
      ttlMs: 1_000,
      now: () => time,
    });
    const alive = createRedisPresenceStore({
      redis: client,
      prefix,
      ttlMs: 1_000,
      now: () => time,
    });
    const ids = Array.from({ length: 700 }, (_, i) => String(i));
    await Promise.all(
      ids.map((i) =>
        crashed.setOnline(`u${i}`, 's', `socket-${i}`, { username: `u${i}`, profilePhoto: '' }),
      ),
    );
    time += 2_000;
    expect((await alive.refresh()).sort()).toEqual(ids.map((i) => `u${i}`).sort());
    expect(await client.hlen(`${prefix}:sockets`)).toBe(0);
    expect(await client.zcard(`${prefix}:expiry`)).toBe(0);
  });
});
