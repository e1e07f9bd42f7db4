/**
 * Files in the events file (`<dataDir>/events.sqlite`), on a connection of their own: the
 * bytes in `files` (one row per SHA-256), each canvas's `fileId`s in `canvas_files`.
 * `secure_delete` is on, so the pages of purged bytes are zeroed, and a purge checkpoints the
 * WAL so no copy of them stays there either.
 */
import type { FileMimeType } from '@tabula/domain/protocol';
import { openBesideTheLog } from '../eventStore/sqliteSchema';
import type { FileStore } from './fileStore';

interface FileRow {
  hash: string;
  mime_type: FileMimeType;
  bytes: Buffer;
}

export function openSqliteFileStore(options: { dataDir: string }): FileStore {
  const db = openBesideTheLog(options.dataDir);
  db.exec(`CREATE TABLE IF NOT EXISTS files (
    hash TEXT PRIMARY KEY,
    mime_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    bytes BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS canvas_files (
    canvas_id TEXT NOT NULL,
    file_id TEXT NOT NULL,
    hash TEXT NOT NULL REFERENCES files (hash),
    PRIMARY KEY (canvas_id, file_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS canvas_files_by_hash ON canvas_files (hash);`);
  const mapped = db.prepare<[string, string], { hash: string }>(
    'SELECT hash FROM canvas_files WHERE canvas_id = ? AND file_id = ?',
  );
  const putBytes = db.prepare<[string, string, number, Buffer]>(
    'INSERT OR IGNORE INTO files (hash, mime_type, size, bytes) VALUES (?, ?, ?, ?)',
  );
  const map = db.prepare<[string, string, string]>(
    'INSERT INTO canvas_files (canvas_id, file_id, hash) VALUES (?, ?, ?)',
  );
  const read = db.prepare<[string, string], FileRow>(
    `SELECT f.hash, f.mime_type, f.bytes FROM canvas_files c JOIN files f ON f.hash = c.hash
     WHERE c.canvas_id = ? AND c.file_id = ?`,
  );
  const hashesOf = db.prepare<[string], { hash: string }>(
    'SELECT DISTINCT hash FROM canvas_files WHERE canvas_id = ?',
  );
  const unmap = db.prepare<[string]>('DELETE FROM canvas_files WHERE canvas_id = ?');
  const dropOrphan = db.prepare<[string, string]>(
    'DELETE FROM files WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM canvas_files WHERE hash = ?)',
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM files');

  const put = db.transaction((canvasId: string, fileId: string, file: FileRow) => {
    const existing = mapped.get(canvasId, fileId);
    if (existing) return existing.hash === file.hash ? 'unchanged' : 'conflict';
    putBytes.run(file.hash, file.mime_type, file.bytes.length, file.bytes);
    map.run(canvasId, fileId, file.hash);
    return 'stored';
  });
  const purge = db.transaction((canvasId: string) => {
    const hashes = hashesOf.all(canvasId).map((row) => row.hash);
    unmap.run(canvasId);
    for (const hash of hashes) dropOrphan.run(hash, hash);
    return hashes.length;
  });

  return {
    async put(canvasId, fileId, file) {
      return put(canvasId, fileId, {
        hash: file.hash,
        mime_type: file.mimeType,
        bytes: file.bytes,
      });
    },
    async get(canvasId, fileId) {
      const row = read.get(canvasId, fileId);
      return row ? { hash: row.hash, mimeType: row.mime_type, bytes: row.bytes } : null;
    },
    async purgeCanvas(canvasId) {
      // Once nothing was dropped there is nothing to checkpoint.
      if (purge(canvasId) > 0) db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async count() {
      return count.get()!.n;
    },
    async close() {
      db.close();
    },
  };
}
