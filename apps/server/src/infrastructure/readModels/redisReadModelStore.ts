/**
 * The Redis read-model store (scale-out mode, `REDIS_URL`). Key layout, under the prefix:
 *
 *   <prefix>:doc:<collection>   hash   id → JSON document
 *   <prefix>:hash:<key>         hash   field → JSON value
 *   <prefix>:sorted:<key>       zset   member → score
 *   <prefix>:set:<key>          set    members
 *   <prefix>:checkpoints        hash   projection → checkpoint (decimal text)
 *
 * A commit is one Lua script: Redis runs it atomically, so the checkpoint test ("is the stored
 * checkpoint older?") and the writes cannot interleave with another node's commit. MULTI/EXEC
 * alone cannot abort on a condition read inside it, and WATCH would need a connection per commit.
 * On Redis Cluster, give a hash-tagged prefix (e.g. `{tabula:rm}`) so a batch's keys share a slot.
 */
import { Redis } from 'ioredis';
import { assertCheckpoint, assertRangeOptions, assertScore, encodeValue } from './readModelStore';
import { defineRedisScript } from './redisScript';
import type {
  Checkpoint,
  ReadModelOp,
  ReadModelStore,
  SortedEntry,
  SortedRangeOptions,
} from './readModelStore';

/** Options of {@link createRedisReadModelStore}. */
export interface RedisReadModelStoreOptions {
  /**
   * An ioredis client, which stays the caller's to close, or a `redis://` URL, for which the
   * store opens its own connection and closes it in `close()`.
   */
  redis: Redis | string;
  /** Namespace of every key of this store, e.g. `tabula:rm`. Must not be empty. */
  prefix: string;
}

// KEYS[1]: the checkpoints hash; KEYS[2..n]: the key of each op, in order.
// ARGV: projection, checkpoint, then for each op: command, argument count, arguments...
// Checkpoints are safe integers written in plain decimals: a longer text is a larger number.
const commitScript = defineRedisScript(`
local stored = redis.call('HGET', KEYS[1], ARGV[1])
local proposed = ARGV[2]
if stored and (#stored > #proposed or (#stored == #proposed and stored >= proposed)) then
  return 0
end
local a = 3
for k = 2, #KEYS do
  local count = tonumber(ARGV[a + 1])
  redis.call(ARGV[a], KEYS[k], unpack(ARGV, a + 2, a + 1 + count))
  a = a + 2 + count
end
redis.call('HSET', KEYS[1], ARGV[1], proposed)
return 1
`);

/** One op translated to a Redis command on one key. */
interface RedisWrite {
  key: string;
  command: string;
  args: string[];
}

/** Creates a store over Redis. Two stores with the same prefix see the same data. */
export function createRedisReadModelStore(options: RedisReadModelStoreOptions): ReadModelStore {
  if (!options.prefix) throw new TypeError('A Redis read-model store needs a non-empty prefix');
  const ownsClient = typeof options.redis === 'string';
  const client = typeof options.redis === 'string' ? new Redis(options.redis) : options.redis;
  const prefix = options.prefix;
  const docKey = (collection: string) => `${prefix}:doc:${collection}`;
  const hashKey = (key: string) => `${prefix}:hash:${key}`;
  const sortedKey = (key: string) => `${prefix}:sorted:${key}`;
  const setKey = (key: string) => `${prefix}:set:${key}`;
  const checkpointsKey = `${prefix}:checkpoints`;
  const kindKey = { hash: hashKey, sorted: sortedKey, set: setKey };

  function toWrite(op: ReadModelOp): RedisWrite {
    switch (op.type) {
      case 'putDoc':
        return {
          key: docKey(op.collection),
          command: 'HSET',
          args: [op.id, encodeValue(op.value)],
        };
      case 'deleteDoc':
        return { key: docKey(op.collection), command: 'HDEL', args: [op.id] };
      case 'hashSet':
        return { key: hashKey(op.key), command: 'HSET', args: [op.field, encodeValue(op.value)] };
      case 'hashDelete':
        return { key: hashKey(op.key), command: 'HDEL', args: [op.field] };
      case 'sortedAdd':
        assertScore(op.score);
        return { key: sortedKey(op.key), command: 'ZADD', args: [String(op.score), op.member] };
      case 'sortedRemove':
        return { key: sortedKey(op.key), command: 'ZREM', args: [op.member] };
      case 'setAdd':
        return { key: setKey(op.key), command: 'SADD', args: [op.member] };
      case 'setRemove':
        return { key: setKey(op.key), command: 'SREM', args: [op.member] };
      case 'dropKey':
        return { key: kindKey[op.kind](op.key), command: 'DEL', args: [] };
      default: {
        const unknownOp: never = op;
        throw new TypeError(`Unknown read-model op ${JSON.stringify(unknownOp)}`);
      }
    }
  }

  function parse<T>(json: string | null | undefined): T | null {
    return json === null || json === undefined ? null : (JSON.parse(json) as T);
  }

  return {
    async get<T>(collection: string, id: string) {
      return parse<T>(await client.hget(docKey(collection), id));
    },
    async getMany<T>(collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const values = await client.hmget(docKey(collection), ...ids);
      return values.map((json) => parse<T>(json));
    },
    async hashGet<T>(key: string, field: string) {
      return parse<T>(await client.hget(hashKey(key), field));
    },
    async hashGetAll<T>(key: string) {
      // ioredis builds this object with defineProperty for keys like `__proto__`, so they stay own fields.
      const fields = await client.hgetall(hashKey(key));
      return new Map(Object.entries(fields).map(([field, json]) => [field, JSON.parse(json) as T]));
    },
    async sortedRange(key: string, options: SortedRangeOptions = {}) {
      assertRangeOptions(options);
      if (options.limit === 0) return [];
      const start = options.offset ?? 0;
      const stop = options.limit === undefined ? -1 : start + options.limit - 1;
      const flat = options.reverse
        ? await client.zrange(sortedKey(key), start, stop, 'REV', 'WITHSCORES')
        : await client.zrange(sortedKey(key), start, stop, 'WITHSCORES');
      const entries: SortedEntry[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2)
        entries.push({ member: flat[i]!, score: Number(flat[i + 1]) });
      return entries;
    },
    async setMembers(key: string) {
      return (await client.smembers(setKey(key))).sort();
    },
    async setHas(key: string, member: string) {
      return (await client.sismember(setKey(key), member)) === 1;
    },
    async getCheckpoint(projection: string) {
      const stored = await client.hget(checkpointsKey, projection);
      return stored === null ? null : Number(stored);
    },
    async commit(projection: string, checkpoint: Checkpoint, ops: readonly ReadModelOp[]) {
      assertCheckpoint(checkpoint);
      const writes = ops.map(toWrite);
      const keys = [checkpointsKey, ...writes.map((write) => write.key)];
      const args = [projection, checkpoint.toString()];
      for (const write of writes)
        args.push(write.command, String(write.args.length), ...write.args);
      return (await commitScript(client, keys, args)) === 1;
    },
    async clear() {
      const pattern = `${escapeGlob(prefix)}:*`;
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async close() {
      if (ownsClient) await client.quit();
    },
  };
}

/** Escapes the glob characters of Redis MATCH patterns so a prefix matches only itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}
