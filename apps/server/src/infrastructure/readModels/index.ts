/** Read models and presence: the ports and their in-memory and Redis adapters. */
export {
  assertCheckpoint,
  deleteDoc,
  dropKey,
  hashDelete,
  hashSet,
  putDoc,
  setAdd,
  setRemove,
  sortedAdd,
  sortedRemove,
} from './readModelStore';
export type {
  Checkpoint,
  DeleteDocOp,
  DropKeyOp,
  HashDeleteOp,
  HashSetOp,
  KeyKind,
  PutDocOp,
  ReadModelOp,
  ReadModelStore,
  SetAddOp,
  SetRemoveOp,
  SortedAddOp,
  SortedEntry,
  SortedRangeOptions,
  SortedRemoveOp,
} from './readModelStore';
export { createInMemoryReadModelStore } from './inMemoryReadModelStore';
export { createRedisReadModelStore } from './redisReadModelStore';
export type { RedisReadModelStoreOptions } from './redisReadModelStore';
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
