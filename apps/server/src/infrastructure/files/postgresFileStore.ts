/**
 * Image files in PostgreSQL, for the scale-out deployment on `EVENTSTORE_URL=postgres://…`:
 * every node reads and writes the same files. The bytes in `tabula_files` (one row per
 * SHA-256), each canvas's `fileId`s in `tabula_canvas_files`, the same shape as the SQLite
 * adapter's tables. A mapping refers to its bytes, so a purge racing a `put` of the same
 * bytes fails rather than leaving a mapping without them.
 */
import pg from 'pg';
import type { FileMimeType } from '@tabula/domain/protocol';
import type { FileStore } from './fileStore';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS tabula_files (
    hash TEXT PRIMARY KEY,
    mime_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    bytes BYTEA NOT NULL
  );
  CREATE TABLE IF NOT EXISTS tabula_canvas_files (
    canvas_id TEXT NOT NULL,
    file_id TEXT NOT NULL,
    hash TEXT NOT NULL REFERENCES tabula_files (hash),
    PRIMARY KEY (canvas_id, file_id)
  );
  CREATE INDEX IF NOT EXISTS tabula_canvas_files_by_hash ON tabula_canvas_files (hash);
`;

/** Runs `work` in one transaction on a client of the pool. */
async function inTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>) {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const result = await work(db);
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

export async function openPostgresFileStore(options: {
  connectionString: string;
}): Promise<FileStore> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 4 });
  // An idle connection that the server drops (a PostgreSQL restart) is replaced at the next
  // query; without this listener its error event would end the process.
  pool.on('error', () => undefined);
  // Two nodes starting at once may both create the tables: one lock makes that one at a time.
  await inTransaction(pool, async (db) => {
    await db.query("SELECT pg_advisory_xact_lock(hashtext('tabula_files_schema'))");
    await db.query(SCHEMA);
  });

  return {
    put: (canvasId, fileId, file) =>
      inTransaction(pool, async (db) => {
        const mapped = await db.query<{ hash: string }>(
          'SELECT hash FROM tabula_canvas_files WHERE canvas_id = $1 AND file_id = $2',
          [canvasId, fileId],
        );
        if (mapped.rows[0]) return mapped.rows[0].hash === file.hash ? 'unchanged' : 'conflict';
        await db.query(
          `INSERT INTO tabula_files (hash, mime_type, size, bytes) VALUES ($1, $2, $3, $4)
           ON CONFLICT (hash) DO NOTHING`,
          [file.hash, file.mimeType, file.bytes.length, file.bytes],
        );
        const inserted = await db.query(
          `INSERT INTO tabula_canvas_files (canvas_id, file_id, hash) VALUES ($1, $2, $3)
           ON CONFLICT (canvas_id, file_id) DO NOTHING`,
          [canvasId, fileId, file.hash],
        );
        if (inserted.rowCount === 1) return 'stored';
        // Another node mapped it between our read and our insert: answer as if we had read it.
        const now = await db.query<{ hash: string }>(
          'SELECT hash FROM tabula_canvas_files WHERE canvas_id = $1 AND file_id = $2',
          [canvasId, fileId],
        );
        return now.rows[0]?.hash === file.hash ? 'unchanged' : 'conflict';
      }),
    async get(canvasId, fileId) {
      const { rows } = await pool.query<{ hash: string; mime_type: FileMimeType; bytes: Buffer }>(
        `SELECT f.hash, f.mime_type, f.bytes FROM tabula_canvas_files c
         JOIN tabula_files f ON f.hash = c.hash WHERE c.canvas_id = $1 AND c.file_id = $2`,
        [canvasId, fileId],
      );
      const row = rows[0];
      return row ? { hash: row.hash, mimeType: row.mime_type, bytes: row.bytes } : null;
    },
    purgeCanvas: (canvasId) =>
      inTransaction(pool, async (db) => {
        const { rows } = await db.query<{ hash: string }>(
          'DELETE FROM tabula_canvas_files WHERE canvas_id = $1 RETURNING hash',
          [canvasId],
        );
        if (rows.length === 0) return;
        await db.query(
          `DELETE FROM tabula_files f WHERE f.hash = ANY($1::text[])
           AND NOT EXISTS (SELECT 1 FROM tabula_canvas_files c WHERE c.hash = f.hash)`,
          [[...new Set(rows.map((row) => row.hash))]],
        );
      }),
    async count() {
      const { rows } = await pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM tabula_files');
      return Number(rows[0]!.n);
    },
    close: () => pool.end(),
  };
}
