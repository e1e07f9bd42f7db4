/** The Redis read models as the nodes share them (`tabula:rm:*`), read directly. */
import { Redis } from 'ioredis';

/** Every key of the live read models with its value, in one comparable object. */
export async function dumpReadModels(redisUrl: string): Promise<Record<string, unknown>> {
  const redis = new Redis(redisUrl);
  try {
    const keys = (await redis.keys('tabula:rm:*')).sort();
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'hash') out[key] = await redis.hgetall(key);
      else if (type === 'zset') out[key] = await redis.zrange(key, 0, -1, 'WITHSCORES');
      else if (type === 'set') out[key] = (await redis.smembers(key)).sort();
      else out[key] = await redis.get(key);
    }
    return out;
  } finally {
    redis.disconnect();
  }
}
