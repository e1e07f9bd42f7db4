/** The Redis read models as the nodes share them (`tabula:rm:*`), read directly. */
import { Redis } from 'ioredis';
import { dumpRedis } from '../../../../apps/server/test/support/redisDump';

/** Every key of the live read models with its value, in one comparable object. */
export async function dumpReadModels(redisUrl: string): Promise<Record<string, unknown>> {
  const redis = new Redis(redisUrl);
  try {
    return await dumpRedis(redis, 'tabula:rm:*');
  } finally {
    redis.disconnect();
  }
}
