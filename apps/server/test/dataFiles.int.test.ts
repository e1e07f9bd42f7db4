/**
 * The data directory and the SQLite log are private to the server's user (issue #14): a
 * server started on a data directory that does not exist yet creates it 0700, and the log
 * with its WAL and shared-memory files 0600.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS_FILE_NAME } from '../src/infrastructure/eventStore/sqliteSchema';
import { signUp } from './scenario';
import { startTestServer } from './testServer';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('data files', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'tabula-modes-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates the data directory 0700 and the log, its -wal and -shm 0600', async () => {
    const dataDir = path.join(parent, 'data');
    const server = await startTestServer({ dataDir });
    try {
      await signUp(server, 'writer'); // an append: the WAL has content
      const log = path.join(dataDir, EVENTS_FILE_NAME);
      expect(modeOf(dataDir)).toBe('700');
      expect(modeOf(log)).toBe('600');
      expect(modeOf(`${log}-wal`)).toBe('600');
      expect(modeOf(`${log}-shm`)).toBe('600');
    } finally {
      await server.close({ keepData: true });
    }
  });
});
