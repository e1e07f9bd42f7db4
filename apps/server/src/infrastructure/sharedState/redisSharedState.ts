/**
 * Shared state in Redis (several nodes): each key is a JSON string with a TTL under `prefix`;
 * an update reads it, computes the next value, and writes it only if the key still holds what
 * was read (a compare-and-set script), else reads again.
 */
import type { Redis } from 'ioredis';
import { defineRedisScript } from '../readModels/redisScript';
import type { Change, SharedState } from './sharedState';

// KEYS[1]: the key; ARGV: the value read ('' for none), the next ('' to delete), its TTL (ms).
const compareAndSet = defineRedisScript(`
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1
`);

export function createRedisSharedState(client: Redis, prefix: string): SharedState {
  return {
    async update<T, R>(key: string, change: (current: T | undefined) => Change<T, R>) {
      const name = `${prefix}:${key}`;
      for (;;) {
        const read = (await client.get(name)) ?? '';
        const { next, ttlMs, result } = change(read ? (JSON.parse(read) as T) : undefined);
        const written = next === undefined ? '' : JSON.stringify(next);
        const ttl = String(Math.max(1, Math.ceil(ttlMs)));
        if ((await compareAndSet(client, [name], [read, written, ttl])) === 1) return result;
      }
    },
    async close() {},
  };
}
