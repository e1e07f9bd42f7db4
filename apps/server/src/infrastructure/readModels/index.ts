/** Read models: the port and its in-memory and Redis adapters (presence: features/presence). */
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
