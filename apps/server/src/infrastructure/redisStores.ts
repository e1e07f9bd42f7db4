/**
 * The Redis adapters of the scale-out set-up, in one module that `adapters.ts` imports only
 * when `REDIS_URL` is set, so the embedded default never loads ioredis.
 */
export { createRedisReadModelStore } from './readModels/redisReadModelStore';
export { createRedisSnapshotStore } from './snapshots/redisSnapshotStore';
