/** Presence's store: the port and its in-memory and Redis adapters (the sockets: presence.socket.ts). */
export type {
  OnlineUser,
  PresenceChange,
  PresenceInfo,
  PresenceStore,
  PresenceStoreOptions,
} from './presenceStore';
export { createInMemoryPresenceStore } from './inMemoryPresenceStore';
export { createRedisPresenceStore, DEFAULT_PRESENCE_TTL_MS } from './redisPresenceStore';
export type { RedisPresenceStoreOptions } from './redisPresenceStore';
