/**
 * Puts read models rebuilt under a shadow prefix in place of the live ones, atomically, while
 * nodes keep committing to the live ones. One Lua script: if every projection's checkpoint is
 * the same on both sides (the shadow has applied exactly what the live models have), the live
 * keys go and the shadow's keys take their names; checkpoints of others (the Kafka relay's)
 * are carried over. Otherwise nothing changes and the caller lets the shadow catch up first.
 * The checkpoints are read before the keys are listed and checked again in the script: a
 * commit on either side in between (a node's, or the shadow's own runner's) moves one, and the
 * script refuses, so no key written after the listing can be lost or left behind.
 */
import type { Redis } from 'ioredis';
import { defineRedisScript } from './redisScript';

// KEYS[1]: live checkpoints; KEYS[2]: shadow checkpoints; then ARGV[1] live keys to delete,
// then pairs (shadow key, live name). ARGV[2]: how many projections, then pairs (name,
// checkpoint both sides had when the keys were listed; '' for none).
const swapScript = defineRedisScript(`
local liveKeys = tonumber(ARGV[1])
local projections = tonumber(ARGV[2])
for p = 3, 2 + 2 * projections, 2 do
  local expected = ARGV[p + 1]
  if (redis.call('HGET', KEYS[1], ARGV[p]) or '') ~= expected then return 0 end
  if (redis.call('HGET', KEYS[2], ARGV[p]) or '') ~= expected then return 0 end
end
local others = redis.call('HGETALL', KEYS[1])
for i = 1, #others, 2 do
  if redis.call('HEXISTS', KEYS[2], others[i]) == 0 then
    redis.call('HSET', KEYS[2], others[i], others[i + 1])
  end
end
for k = 3, 2 + liveKeys do
  redis.call('DEL', KEYS[k])
end
for k = 3 + liveKeys, #KEYS, 2 do
  redis.call('RENAME', KEYS[k], KEYS[k + 1])
end
return 1
`);

async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * Tries the swap once: true when the shadow's models are now the live ones, false when the
 * live models have applied something the shadow has not (let it catch up and try again).
 */
export async function swapInShadow(
  client: Redis,
  { live, shadow, projections }: { live: string; shadow: string; projections: readonly string[] },
): Promise<boolean> {
  const liveCheckpoints = `${live}:checkpoints`;
  const shadowCheckpoints = `${shadow}:checkpoints`;
  const [liveAt, shadowAt] = await Promise.all([
    client.hmget(liveCheckpoints, ...projections),
    client.hmget(shadowCheckpoints, ...projections),
  ]);
  if (liveAt.some((checkpoint, i) => checkpoint !== shadowAt[i])) return false;
  const liveKeys = (await keysUnder(client, live)).filter((key) => key !== liveCheckpoints);
  const shadowKeys = await keysUnder(client, shadow);
  const renames = shadowKeys.flatMap((key) => [key, `${live}${key.slice(shadow.length)}`]);
  const keys = [liveCheckpoints, shadowCheckpoints, ...liveKeys, ...renames];
  const args = [
    String(liveKeys.length),
    String(projections.length),
    ...projections.flatMap((name, i) => [name, liveAt[i] ?? '']),
  ];
  return (await swapScript(client, keys, args)) === 1;
}

/** The live checkpoint of each of `projections` (0 when none is stored). */
export async function liveCheckpoints(
  client: Redis,
  live: string,
  projections: readonly string[],
): Promise<number[]> {
  const stored = await client.hmget(`${live}:checkpoints`, ...projections);
  return stored.map((value) => Number(value ?? 0));
}
