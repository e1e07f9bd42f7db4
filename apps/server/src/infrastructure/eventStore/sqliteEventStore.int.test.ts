import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it, vi } from 'vitest';

import { testEvent } from './contractEvents';
import { describeEventStoreContract } from './eventStore.contract';
import type { ContractEvent } from './contractEvents';
import { openSqliteEventStore } from './sqliteEventStore';

const root = mkdtempSync(path.join(tmpdir(), 'tabula-sqlite-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const freshDir = (): string => mkdtempSync(path.join(root, 'case-'));

describeEventStoreContract(
  'sqlite',
  () => openSqliteEventStore<ContractEvent>({ dataDir: freshDir() }),
  {
    rejectsPartialDuplicates: true,
    erasesFromAllAtOnce: true,
    erasedStreamCountsAsNew: true,
  },
);

/** The files of the data directory (main file, -wal, -shm) that contain `needle`. */
function filesContaining(dataDir: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return readdirSync(dataDir).filter((name) =>
    readFileSync(path.join(dataDir, name)).includes(bytes),
  );
}

describe('sqlite event store specifics', () => {
  it('erase leaves no byte of the erased bodies in the database files (main, -wal, -shm)', async () => {
    const dataDir = freshDir();
    const store = openSqliteEventStore<ContractEvent>({ dataDir });
    const secret = `secret-${randomUUID()}`;
    // Small bodies share leaf pages with the kept stream; a large one spills to overflow pages.
    await store.append('doomed', [testEvent(0, secret), testEvent(1, `${secret} again`)], {
      expectedRevision: 'no_stream',
    });
    await store.append('kept', [testEvent(2, 'kept text')], { expectedRevision: 'no_stream' });
    await store.append('doomed', [testEvent(3, secret.repeat(2_000))], { expectedRevision: 1 });
    await store.append('kept', [testEvent(4, 'kept text')], { expectedRevision: 0 });
    expect(filesContaining(dataDir, secret)).not.toEqual([]);

    await store.erase('doomed', { actorId: 'user-1', reason: 'canvas deleted' });

    const files = readdirSync(dataDir);
    expect(files).toContain('events.sqlite');
    expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
    expect(files.some((f) => f.endsWith('-shm'))).toBe(true);
    expect(filesContaining(dataDir, secret)).toEqual([]);
    expect((await store.readStream('kept')).map((r) => r.event.data.n)).toEqual([2, 4]);
    expect(await store.readStream('doomed')).toEqual([]);
    expect(store.erasureOf('doomed')).toMatchObject({
      stream: 'doomed',
      lastRevision: 2,
      actorId: 'user-1',
      reason: 'canvas deleted',
    });
    expect(store.erasureOf('kept')).toBeUndefined();

    // Still gone after more writes, a close and a reopen.
    await store.append('kept', [testEvent(5)], { expectedRevision: 1 });
    await store.close();
    expect(filesContaining(dataDir, secret)).toEqual([]);
    const reopened = openSqliteEventStore<ContractEvent>({ dataDir });
    expect(await reopened.readStream('doomed')).toEqual([]);
    expect(reopened.erasureOf('doomed')?.lastRevision).toBe(2);
    expect(
      (await reopened.append('doomed', [testEvent(6)], { expectedRevision: 'no_stream' }))
        .nextRevision,
    ).toBe(3);
    await reopened.close();
    expect(existsSync(path.join(dataDir, 'events.sqlite'))).toBe(true);
    expect(filesContaining(dataDir, secret)).toEqual([]);
  });

  it('erase commits the appends issued before it, then erases them too', async () => {
    const store = openSqliteEventStore<ContractEvent>({
      dataDir: freshDir(),
      groupCommitWindowMs: 60_000, // the group would wait a minute: only erase can flush it
    });
    const pending = store.append('s', [testEvent(0)], { expectedRevision: 'no_stream' });
    await store.erase('s');
    await expect(pending).resolves.toEqual({ nextRevision: 0, position: 1 });
    expect(await store.readStream('s')).toEqual([]);
    expect(await store.readAll()).toEqual([]);
    expect(store.erasureOf('s')?.lastRevision).toBe(0);
    await store.close();
  });

  it('keeps events across a close and reopen, with positions continuing', async () => {
    const dataDir = freshDir();
    const first = openSqliteEventStore<ContractEvent>({ dataDir });
    const a = await first.append('s', [testEvent(0)], { expectedRevision: 'no_stream' });
    await first.close();

    const reopened = openSqliteEventStore<ContractEvent>({ dataDir });
    const b = await reopened.append('s', [testEvent(1)], { expectedRevision: 0 });
    expect(b.position).toBeGreaterThan(a.position);
    expect((await reopened.readStream('s')).map((r) => r.event.data.n)).toEqual([0, 1]);
    await reopened.close();
  });

  it('writes appends issued in the same tick in one group, rejecting only the failing one', async () => {
    const store = openSqliteEventStore<ContractEvent>({ dataDir: freshDir() });
    await store.append('s', [testEvent(0)], { expectedRevision: 'no_stream' });
    const [ok1, bad, ok2] = await Promise.allSettled([
      store.append('s', [testEvent(1)], { expectedRevision: 0 }),
      store.append('s', [testEvent(2)], { expectedRevision: 0 }),
      store.append('t', [testEvent(3)], { expectedRevision: 'no_stream' }),
    ]);
    expect(ok1.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect(ok2.status).toBe('fulfilled');
    const all = await store.readAll();
    expect(all.map((r) => r.event.data.n)).toEqual([0, 1, 3]);
    // Same transaction: one recordedAt for the group.
    expect(all[1]!.recordedAt).toBe(all[2]!.recordedAt);
    await store.close();
  });

  it('copies the WAL into the database file by itself once enough was written', async () => {
    const dataDir = freshDir();
    const store = openSqliteEventStore<ContractEvent>({ dataDir });
    const mainFile = path.join(dataDir, 'events.sqlite');
    const before = statSync(mainFile).size;
    // About 1,500 pages of bodies, past the checkpoint threshold, none of it in the main file yet.
    const blob = 'x'.repeat(6000);
    for (let batch = 0; batch < 25; batch++)
      await store.append(
        's',
        Array.from({ length: 10 }, (_, k) => testEvent(batch * 10 + k, blob)),
        { expectedRevision: 'any' },
      );
    // The writer is idle now: the checkpoint brings the pages into the file (hang guard only).
    await vi.waitFor(() => expect(statSync(mainFile).size).toBeGreaterThan(before + 1_000_000), {
      timeout: 20_000,
      interval: 20,
    });
    expect(await store.readStream('s', { maxCount: 1, direction: 'backwards' })).toHaveLength(1);
    await store.close();
  });

  it('flushes queued appends on close and refuses calls afterwards', async () => {
    const store = openSqliteEventStore<ContractEvent>({
      dataDir: freshDir(),
      groupCommitWindowMs: 50,
    });
    const pending = store.append('s', [testEvent(0)], { expectedRevision: 'no_stream' });
    await store.close();
    await expect(pending).resolves.toEqual({ nextRevision: 0, position: 1 });
    await expect(store.readAll()).rejects.toThrow('closed');
  });
});
