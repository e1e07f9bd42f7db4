import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { describeEventStoreContract, testEvent } from './eventStore.contract';
import type { ContractEvent } from './eventStore.contract';
import { openSqliteEventStore } from './sqliteEventStore';

const root = mkdtempSync(path.join(tmpdir(), 'tabula-sqlite-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const freshDir = (): string => mkdtempSync(path.join(root, 'case-'));

describeEventStoreContract(
  'sqlite',
  () => openSqliteEventStore<ContractEvent>({ dataDir: freshDir() }),
  {
    rejectsPartialDuplicates: true,
  },
);

describe('sqlite event store specifics', () => {
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
