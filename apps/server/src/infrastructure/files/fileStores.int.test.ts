/** The file store contract on both adapters: in memory, and SQLite in a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { describeFileStoreContract } from './fileStore.contract';
import { createInMemoryFileStore } from './inMemoryFileStore';
import { openSqliteFileStore } from './sqliteFileStore';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeFileStoreContract('in-memory', () => createInMemoryFileStore());
describeFileStoreContract('sqlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabula-files-'));
  dirs.push(dir);
  return openSqliteFileStore({ dataDir: dir });
});
