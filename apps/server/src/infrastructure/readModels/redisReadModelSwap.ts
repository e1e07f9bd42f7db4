/**
 * Puts read models rebuilt under a shadow prefix in place of the live ones, atomically, while
 * nodes keep committing to the live ones. One Lua script, run once the shadow's projections
 * have applied the log up to `position`:
 * - if a live checkpoint is beyond `position` (the nodes applied something the shadow has not
 *   yet), nothing changes and the caller lets the shadow catch up;
 * - otherwise the live keys go, the shadow's take their names, and each checkpoint becomes the
 *   larger of both sides. The shadow may not hold a live checkpoint at all: the events behind
 *   it can be gone from the log (an erased canvas's stream). A node that then applies an event
 *   at or below a checkpoint is refused by the commit's checkpoint test, so nothing is applied
 *   twice, and whatever comes after `position` is applied on top of the rebuilt models.
 * The keys are listed inside the script, so no commit (a node's, or the shadow's own runner's)
 * can land between the listing and the swap.
 */
import type { Redis } from 'ioredis';
import { defineRedisScript } from './redisScript';

// KEYS[1]: live checkpoints; KEYS[2]: shadow checkpoints. ARGV[1]: the live prefix, ARGV[2]:
// the shadow's (neither holds glob characters), ARGV[3]: the position the shadow has applied.
// KEYS on the two prefixes: a rare operator's command on read models of modest size.
const swapScript = defineRedisScript(`
local position = tonumber(ARGV[3])
local live = redis.call('HGETALL', KEYS[1])
for i = 1, #live, 2 do
  if tonumber(live[i + 1]) > position then return 0 end
end
for i = 1, #live, 2 do
  local shadow = redis.call('HGET', KEYS[2], live[i])
  if not shadow or tonumber(shadow) < tonumber(live[i + 1]) then
    redis.call('HSET', KEYS[2], live[i], live[i + 1])
  end
end
for _, key in ipairs(redis.call('KEYS', ARGV[1] .. ':*')) do
  if key ~= KEYS[1] then redis.call('DEL', key) end
end
for _, key in ipairs(redis.call('KEYS', ARGV[2] .. ':*')) do
  redis.call('RENAME', key, ARGV[1] .. string.sub(key, #ARGV[2] + 1))
end
return 1
`);

/**
 * Tries the swap once: true when the shadow's models are now the live ones, false when the
 * live models are ahead of `position` (let the shadow catch up and try again).
 */
export async function swapInShadow(
  client: Redis,
  { live, shadow, position }: { live: string; shadow: string; position: number },
): Promise<boolean> {
  const keys = [`${live}:checkpoints`, `${shadow}:checkpoints`];
  return (await swapScript(client, keys, [live, shadow, String(position)])) === 1;
}

/** The furthest live checkpoint (0 when none is stored). */
export async function furthestLiveCheckpoint(client: Redis, live: string): Promise<number> {
  const stored = Object.values(await client.hgetall(`${live}:checkpoints`));
  return Math.max(0, ...stored.map(Number));
}
