/**
 * The data directory and the SQLite log are private to the server's user: the directory is
 * created 0700 and the database file 0600 before SQLite opens it (SQLite gives its `-wal` and
 * `-shm` files the database file's permissions). Existing ones are left as they are.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/** Mode of a data directory the server creates. */
export const DATA_DIR_MODE = 0o700;
/** Mode of a data file the server creates. */
export const DATA_FILE_MODE = 0o600;

/** Creates `dataDir` (0700) and `name` in it (0600) if missing; answers the file's path. */
export function privateDataFile(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const file = path.resolve(dataDir, name);
  // 'a': opens or creates without truncating; the mode applies only to a new file.
  closeSync(openSync(file, 'a', DATA_FILE_MODE));
  return file;
}
