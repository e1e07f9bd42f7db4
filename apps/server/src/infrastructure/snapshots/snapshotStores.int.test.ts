/** The snapshot contract on every adapter: in memory, SQLite (a temp dir) and a real Redis. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createInMemorySnapshotStore } from './inMemorySnapshotStore';
import { createRedisSnapshotStore } from './redisSnapshotStore';
import { describeSnapshotStoreContract } from './snapshotStore.contract';
import { readSnapshot, storedSnapshot } from './snapshotStore';
import { openSqliteSnapshotStore } from './sqliteSnapshotStore';

const dirs: string[] = [];
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(async () => {
  await redis.quit();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeSnapshotStoreContract('in-memory', () => createInMemorySnapshotStore());
describeSnapshotStoreContract('sqlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabula-snapshots-'));
  dirs.push(dir);
  return openSqliteSnapshotStore({ dataDir: dir });
});
const prefix = `test:snap:${randomUUID()}`;
describeSnapshotStoreContract('redis', () => createRedisSnapshotStore({ redis, prefix }));

describe('a stored snapshot', () => {
  it('refuses a body that does not match its digest', () => {
    const stored = storedSnapshot({ revision: 1, lastEventId: 'e', elements: [] });
    expect(readSnapshot(stored)?.elements).toEqual([]);
    expect(readSnapshot({ ...stored, body: '[{"id":"forged"}]' })).toBeNull();
  });
});
