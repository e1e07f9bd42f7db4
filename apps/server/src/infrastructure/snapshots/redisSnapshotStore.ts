/**
 * Snapshots in Redis, for the scale-out stores (`REDIS_URL`). Key layout, under the prefix:
 *   <prefix>:snap:<canvasId>       hash   revision → JSON of the stored snapshot
 *   <prefix>:snaprevs:<canvasId>   zset   revision (member and score)
 */
import { Redis } from 'ioredis';
import type { SnapshotStore, StoredSnapshot } from './snapshotStore';
import { wholeInParts } from './snapshotStore';

export function createRedisSnapshotStore(options: {
  redis: Redis | string;
  prefix: string;
}): SnapshotStore {
  const owned = typeof options.redis === 'string';
  const redis = typeof options.redis === 'string' ? new Redis(options.redis) : options.redis;
  const bodies = (canvasId: string) => `${options.prefix}:snap:${canvasId}`;
  const index = (canvasId: string) => `${options.prefix}:snaprevs:${canvasId}`;
  const store: SnapshotStore = {
    // The body comes whole in one reply; its parts are then taken one per step.
    async latestInParts(canvasId, atOrBefore) {
      return wholeInParts(await store.latest(canvasId, atOrBefore));
    },
    async latest(canvasId, atOrBefore) {
      const [revision] = await redis.zrevrangebyscore(
        index(canvasId),
        atOrBefore,
        '-inf',
        'LIMIT',
        0,
        1,
      );
      if (revision === undefined) return null;
      const json = await redis.hget(bodies(canvasId), revision);
      return json === null ? null : (JSON.parse(json) as StoredSnapshot);
    },
    async put(canvasId, snapshot) {
      await redis
        .multi()
        .hset(bodies(canvasId), String(snapshot.revision), JSON.stringify(snapshot))
        .zadd(index(canvasId), snapshot.revision, String(snapshot.revision))
        .exec();
    },
    async discardFrom(canvasId, revision) {
      const stale = await redis.zrangebyscore(index(canvasId), revision, '+inf');
      if (stale.length === 0) return;
      await redis
        .multi()
        .hdel(bodies(canvasId), ...stale)
        .zrem(index(canvasId), ...stale)
        .exec();
    },
    async purge(canvasId) {
      await redis.del(bodies(canvasId), index(canvasId));
    },
    async revisions(canvasId) {
      return (await redis.zrange(index(canvasId), 0, -1)).map(Number);
    },
    async close() {
      if (owned) await redis.quit();
    },
  };
  return store;
}
