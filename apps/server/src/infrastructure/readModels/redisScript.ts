/**
 * A Lua script run by its SHA1 (EVALSHA), sent in full only when Redis does not know it yet
 * (first use, after a restart or SCRIPT FLUSH). Redis runs a script atomically.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Runs the script with `keys` as KEYS and `args` as ARGV; resolves with its reply. */
export type RedisScript = (
  client: Redis,
  keys: readonly string[],
  args: readonly string[],
) => Promise<unknown>;

/** Prepares a script from its Lua source. */
export function defineRedisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (client, keys, args) => {
    const rest = [...keys, ...args];
    try {
      return await client.evalsha(sha, keys.length, rest);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      return client.eval(source, keys.length, rest);
    }
  };
}
