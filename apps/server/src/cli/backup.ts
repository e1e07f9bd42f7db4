/**
 * `npm run backup -- <file>`: a consistent copy of the embedded SQLite log (events, scene
 * snapshots and image files: all in `<DATA_DIR>/events.sqlite`), taken while the server runs and
 * writes. `VACUUM INTO` copies the database as one read transaction sees it, so the copy is the
 * log at one moment (every event up to some position, none after), and the server's writes go
 * on meanwhile (WAL readers do not block the writer). The copy is written beside the target,
 * checked (`PRAGMA integrity_check`), then renamed into place, so `<file>` is either absent or
 * whole. A relative `<file>` is taken from the directory the command was run in. The copy holds
 * what the live log does (accounts, password hashes, sessions, every canvas): it is created
 * owner-only (0600) before SQLite writes into it, whatever the umask, like the live files.
 *
 * Built into `dist/cli/backup.js` (run by `npm run backup`, or `node dist/cli/backup.js <file>`
 * where only the built server is installed, as in the container image).
 *
 * Exit codes: 0 done, 2 bad usage (no file, it exists, no log there, another event store).
 */
import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, findRepoRoot, parseConfig } from '../config';
import { DATA_FILE_MODE } from '../infrastructure/dataFiles';
import { EVENTS_FILE_NAME } from '../infrastructure/eventStore/sqliteSchema';

const repoRoot = findRepoRoot(import.meta.url);
const USAGE = 'Usage: npm run backup -- <file>   (copies the SQLite log of DATA_DIR to <file>)';

class UsageError extends Error {}

interface BackupResult {
  file: string;
  events: number;
  lastPosition: number;
  bytes: number;
  ms: number;
}

/** Copies the log at `source` to `target` (which must not exist) as one consistent snapshot. */
function backupLog(source: string, target: string): BackupResult {
  const started = performance.now();
  if (!existsSync(source)) throw new UsageError(`No event log at ${source}.`);
  if (existsSync(target)) throw new UsageError(`${target} exists; give a new file name.`);
  const partial = `${target}.partial-${process.pid}`;
  // VACUUM INTO writes into an empty file as into a new one, keeping its mode; the umask can
  // only narrow the mode given to open, so it is set again.
  closeSync(openSync(partial, 'wx', DATA_FILE_MODE));
  try {
    chmodSync(partial, DATA_FILE_MODE);
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    const copy = new Database(partial, { readonly: true });
    let counts: { events: number; lastPosition: number | null };
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy fails its integrity check: ${String(check)}`);
      counts = copy
        .prepare('SELECT COUNT(*) AS events, MAX(position) AS lastPosition FROM events')
        .get() as typeof counts;
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    return {
      file: target,
      events: counts.events,
      lastPosition: counts.lastPosition ?? 0,
      bytes: statSync(target).size,
      ms: performance.now() - started,
    };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function main(argv: string[]): number {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('-')) throw new UsageError(USAGE);
  const config = parseConfig(process.env, repoRoot);
  if (config.eventStoreUrl)
    throw new UsageError(
      'EVENTSTORE_URL is set: this command copies the embedded SQLite log only; back up ' +
        'PostgreSQL with pg_dump and KurrentDB with its own backup tools.',
    );
  // npm runs the script in the package's directory; INIT_CWD is where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = backupLog(path.join(config.dataDir, EVENTS_FILE_NAME), target);
  console.log(
    `Backed up ${result.events} events (up to log position ${result.lastPosition}) to ` +
      `${result.file}: ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ` +
      `${(result.ms / 1000).toFixed(2)} s.`,
  );
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error: unknown) {
  console.error(
    error instanceof UsageError || error instanceof ConfigError ? error.message : error,
  );
  process.exitCode = error instanceof UsageError || error instanceof ConfigError ? 2 : 1;
}
