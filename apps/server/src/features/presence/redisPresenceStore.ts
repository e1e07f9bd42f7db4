/**
 * The Redis presence store (scale-out mode): every node sees every node's sockets. Keys, under
 * the prefix:
 *
 *   <prefix>:sockets   hash   socketId → JSON { userId, sessionId, info, since }
 *   <prefix>:expiry    zset   socketId → the clock time at which the entry stops being live
 *
 * Readers count an entry only while its expiry is in the future. Each node remembers the
 * sockets it set online and rewrites them on `refresh()`, which also deletes expired entries
 * (a crashed node's sockets). Both keys also get a Redis TTL of twice `ttlMs`, renewed with
 * every write, so nothing is left behind once every node has stopped.
 */
import { Redis } from 'ioredis';
import type { ChainableCommander } from 'ioredis';
import { hasSocketOf, toOnlineUsers } from './presenceStore';
import { defineRedisScript } from '../../infrastructure/readModels/redisScript';
import type {
  PresenceInfo,
  PresenceStore,
  PresenceStoreOptions,
  SocketPresence,
} from './presenceStore';

/** Options of {@link createRedisPresenceStore}. */
export interface RedisPresenceStoreOptions extends PresenceStoreOptions {
  /** An ioredis client, which stays the caller's to close, or a `redis://` URL (the store's own connection). */
  redis: Redis | string;
  /** Namespace of the store's keys, e.g. `tabula:presence`. Must not be empty. */
  prefix: string;
}

/** Default TTL of an entry: a node that stops refreshing drops out after 30 s. */
export const DEFAULT_PRESENCE_TTL_MS = 30_000;

const PRUNE_BATCH = 500;

// KEYS[1]: sockets hash, KEYS[2]: expiry zset; ARGV[1]: now. Deletes up to one batch of
// expired entries atomically, so a refresh that lands meanwhile is never half undone; answers
// the user id of each (one node gets each entry, however many prune at once).
const pruneScript = defineRedisScript(`
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, ${PRUNE_BATCH})
local users = {}
if #expired > 0 then
  local entries = redis.call('HMGET', KEYS[1], unpack(expired))
  for i = 1, #entries do
    if entries[i] then users[#users + 1] = cjson.decode(entries[i]).userId end
  end
  redis.call('ZREM', KEYS[2], unpack(expired))
  redis.call('HDEL', KEYS[1], unpack(expired))
end
return { #expired, users }
`);

/** Runs a MULTI and returns its replies, throwing the first command error. */
async function exec(transaction: ChainableCommander): Promise<unknown[]> {
  const replies = await transaction.exec();
  if (!replies) throw new Error('Redis transaction aborted');
  return replies.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

/** Creates a presence store over Redis. Stores with the same prefix (one per node) share one view. */
export function createRedisPresenceStore(options: RedisPresenceStoreOptions): PresenceStore {
  if (!options.prefix) throw new TypeError('A Redis presence store needs a non-empty prefix');
  const ttlMs = options.ttlMs ?? DEFAULT_PRESENCE_TTL_MS;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new TypeError(`ttlMs must be a positive finite number, got ${ttlMs}`);
  const now = options.now ?? (() => Date.now());
  const ownsClient = typeof options.redis === 'string';
  const client = typeof options.redis === 'string' ? new Redis(options.redis) : options.redis;
  const socketsKey = `${options.prefix}:sockets`;
  const expiryKey = `${options.prefix}:expiry`;
  /** The sockets this node set online: rewritten on every refresh. */
  const local = new Map<string, SocketPresence>();

  async function write(entries: [socketId: string, entry: SocketPresence][]): Promise<void> {
    if (entries.length === 0) return;
    const expiresAt = now() + ttlMs;
    await exec(
      client
        .multi()
        .hset(
          socketsKey,
          ...entries.flatMap(([socketId, entry]) => [socketId, JSON.stringify(entry)]),
        )
        .zadd(expiryKey, ...entries.flatMap(([socketId]) => [expiresAt, socketId]))
        .pexpire(socketsKey, ttlMs * 2)
        .pexpire(expiryKey, ttlMs * 2),
    );
  }

  /** The live entries of every node, read in one MULTI so the hash and the zset agree. */
  async function live(): Promise<SocketPresence[]> {
    const [all, liveIds] = (await exec(
      client.multi().hgetall(socketsKey).zrangebyscore(expiryKey, `(${now()}`, '+inf'),
    )) as [Record<string, string>, string[]];
    const entries: SocketPresence[] = [];
    for (const socketId of liveIds) {
      const json = Object.hasOwn(all, socketId) ? all[socketId] : undefined;
      if (json !== undefined) entries.push(JSON.parse(json) as SocketPresence);
    }
    return entries;
  }

  return {
    async setOnline(userId: string, sessionId: string, socketId: string, info: PresenceInfo) {
      const entry: SocketPresence = {
        userId,
        sessionId,
        info: { username: info.username, profilePhoto: info.profilePhoto },
        since: now(),
      };
      local.set(socketId, entry);
      await write([[socketId, entry]]);
    },
    async setOffline(socketId: string) {
      local.delete(socketId);
      const [json, score] = (await exec(
        client
          .multi()
          .hget(socketsKey, socketId)
          .zscore(expiryKey, socketId)
          .hdel(socketsKey, socketId)
          .zrem(expiryKey, socketId),
      )) as [string | null, string | null];
      if (json === null || score === null || Number(score) <= now()) return null;
      const entry = JSON.parse(json) as SocketPresence;
      return {
        userId: entry.userId,
        sessionId: entry.sessionId,
        userWentOffline: !hasSocketOf(await live(), entry.userId),
      };
    },
    async onlineUsers() {
      return toOnlineUsers(await live());
    },
    async isUserOnline(userId: string) {
      return hasSocketOf(await live(), userId);
    },
    async otherSessionOnline(userId: string, sessionId: string) {
      return hasSocketOf(await live(), userId, sessionId);
    },
    async refresh() {
      await write([...local]);
      const gone = new Set<string>();
      for (;;) {
        const [count, users] = (await pruneScript(
          client,
          [socketsKey, expiryKey],
          [String(now())],
        )) as [number, string[]];
        for (const user of users) gone.add(user);
        if (count < PRUNE_BATCH) return [...gone];
      }
    },
    async ping() {
      await client.ping();
    },
    async close() {
      local.clear();
      if (ownsClient) await client.quit();
    },
  };
}
