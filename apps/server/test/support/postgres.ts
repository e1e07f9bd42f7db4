/**
 * A throw-away PostgreSQL cluster for tests: `initdb` into a temporary directory, `postgres`
 * on a free port of 127.0.0.1 with its socket in that directory, trust authentication, no
 * fsync unless `durable` (a test cluster need not survive a power cut). Never the machine's
 * own cluster.
 * As root (initdb refuses to run as root) the server runs as the unprivileged user `nobody`.
 *
 * Binaries: $POSTGRES_BIN_DIR, else `pg_config --bindir`, else Debian's
 * /usr/lib/postgresql/<newest>/bin, else `initdb` on PATH. Missing binaries skip the caller's
 * suite with a printed reason, except in CI (CI=true) where they are an error.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { freePort } from '@tabula/testing';

export const POSTGRES_USER = 'tabula';

export interface TestPostgres {
  /** Connection string of `database` on this cluster. */
  url(database: string): string;
  /** Creates a fresh database and answers its connection string. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

export type PostgresBinaries =
  { kind: 'found'; binDir: string } | { kind: 'missing'; reason: string };

function hasServer(dir: string): boolean {
  return existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'));
}

function candidateBinDirs(): string[] {
  const dirs: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) dirs.push(process.env.POSTGRES_BIN_DIR);
  try {
    dirs.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config: look further
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb) dirs.push(path.dirname(realpathSync(initdb)));
  } catch {
    // not on PATH either
  }
  return dirs;
}

/** Where the server binaries are, or why they are not usable here. */
export function findPostgresBinaries(): PostgresBinaries {
  const binDir = candidateBinDirs().find(hasServer);
  if (binDir) return { kind: 'found', binDir };
  return {
    kind: 'missing',
    reason:
      'no PostgreSQL server binaries (initdb, postgres) in $POSTGRES_BIN_DIR, pg_config --bindir, ' +
      '/usr/lib/postgresql/*/bin or PATH; install Debian package postgresql (npm test does)',
  };
}

/** Binaries, or undefined after printing why the suite `name` is skipped (an error in CI). */
export function postgresBinariesOrSkip(name: string): string | undefined {
  const found = findPostgresBinaries();
  if (found.kind === 'found') return found.binDir;
  if (process.env.CI === 'true') throw new Error(`[${name}] ${found.reason}`);
  console.warn(`[${name}] SKIPPED: ${found.reason}`);
  return undefined;
}

/** The uid/gid to run the server as: ours, or `nobody`'s when we are root. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line) throw new Error('running as root and there is no user nobody to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A free port on 127.0.0.1 (tests/cluster takes it from here too). */
export { freePort };

function run(file: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}: ${stderr}`)),
    );
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Polls a connection until the server accepts one (or the server process dies). */
async function waitUntilAccepting(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited early:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`postgres never accepted: ${String(error)}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface TestPostgresOptions {
  /** Keep fsync and full-page writes on (benchmarks); tests turn them off (default). */
  durable?: boolean;
}

/** Starts a cluster of its own with the binaries of `binDir`. */
export async function startTestPostgres(
  binDir: string,
  { durable = false }: TestPostgresOptions = {},
): Promise<TestPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'tabula-pg-'));
  const dataDir = path.join(root, 'data');
  const identity = serverIdentity();
  if (identity) chownSync(root, identity.uid, identity.gid);
  const asServer: SpawnOptions = identity ? { ...identity, cwd: root } : { cwd: root };

  await run(
    path.join(binDir, 'initdb'),
    ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    asServer,
  );
  const port = await freePort();
  const server = spawn(
    path.join(binDir, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      root,
      '-h',
      '127.0.0.1',
      '-c',
      'max_connections=200',
    ].concat(durable ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off']),
    { ...asServer, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const killOnExit = (): void => void server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = (database: string): string =>
    `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${database}`;
  try {
    await waitUntilAccepting(url('postgres'), server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    await exited(server);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    async createDatabase(name: string) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      server.kill('SIGINT'); // fast shutdown: disconnects clients, then exits
      const timeout = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited(server);
      clearTimeout(timeout);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
