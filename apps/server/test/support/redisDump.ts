/** Every Redis key matching `pattern` with its value, in one object tests can compare. */
import type { Redis } from 'ioredis';

export async function dumpRedis(redis: Redis, pattern: string): Promise<Record<string, unknown>> {
  const keys = (await redis.keys(pattern)).sort();
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const type = await redis.type(key);
    if (type === 'hash') out[key] = await redis.hgetall(key);
    else if (type === 'zset') out[key] = await redis.zrange(key, 0, -1, 'WITHSCORES');
    else if (type === 'set') out[key] = (await redis.smembers(key)).sort();
    else out[key] = await redis.get(key);
  }
  return out;
}
