/**
 * What the file suites build on: a data directory whose image files are in its SQLite file (as
 * `npm start` keeps them), image bytes of each type, upload bodies, and a search of the whole
 * directory for bytes. Node only; no test framework.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileStore } from '../../../infrastructure/files/fileStore';
import { openSqliteFileStore } from '../../../infrastructure/files/sqliteFileStore';

/** A fresh data directory with a SQLite file store open in it; `close` removes both. */
export function sqliteFilesDir(): { dataDir: string; files: FileStore; close(): Promise<void> } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-files-test-'));
  const files = openSqliteFileStore({ dataDir });
  return {
    dataDir,
    files,
    async close() {
      await files.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const MAGIC = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/gif': Buffer.from('GIF89a'),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
} as const;

/** Bytes that start like a `mimeType` image, then `size` random (unique) bytes. */
export function imageBytes(mimeType: keyof typeof MAGIC, size = 2048): Buffer {
  return Buffer.concat([MAGIC[mimeType], randomBytes(size)]);
}

/** An upload body for `bytes` declared as `mimeType`. */
export function uploadOf(fileId: string, mimeType: string, bytes: Buffer | string) {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return { fileId, mimeType, dataURL: `data:${mimeType};base64,${data.toString('base64')}` };
}

/** True when any file of the directory (log, WAL, shared memory, anything) holds `needle`. */
export function dataDirHolds(dir: string, needle: Buffer): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .some((entry) => readFileSync(path.join(entry.parentPath, entry.name)).includes(needle));
}

/** An SVG of `inside`. */
export function svgWith(inside: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inside}</svg>`;
}
