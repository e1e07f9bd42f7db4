/**
 * The server as the image and `npm start` run it: built by `build.mjs` into a directory of
 * the test's own, then
 * its entries run under plain `node`, without tsx. `runBuilt` runs one to its end (a CLI, or a
 * server that refuses to start); `startBuilt` starts the server and keeps its output, so a test
 * can wait for a log line.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Hang guard for one run or start of a built entry (plain node, no compiling), sized for a
 * machine busy ten times over.
 */
export const RUN_HANG_MS = 120_000;

export interface Built {
  outdir: string;
  remove(): void;
}

/**
 * Builds the server and its commands into `node_modules/.cache/tabula-builds/<name>-<pid>` of
 * the package: its npm packages resolve from there as from dist/, and a build of dist/ (which
 * empties it) meanwhile cannot remove it.
 */
export function buildServer(name: string): Built {
  const outdir = path.join(
    SERVER_DIR,
    'node_modules/.cache/tabula-builds',
    `${name}-${process.pid}`,
  );
  execFileSync(process.execPath, ['build.mjs', outdir], { cwd: SERVER_DIR });
  return { outdir, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `entry` (relative to `outdir`: `main.js`, `cli/backup.js`) with only `env` (and PATH)
 * in its environment, to its end; killed if it outlives the hang guard. `umask` (octal text)
 * runs it under that umask through `sh`.
 */
export function runBuilt(
  outdir: string,
  entry: string,
  args: string[],
  env: Record<string, string>,
  umask?: string,
): Promise<Run> {
  const argv = [process.execPath, path.join(outdir, entry), ...args];
  const child = umask
    ? spawn('sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...argv], { env: envOf(env) })
    : spawn(argv[0]!, argv.slice(1), { env: envOf(env) });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), RUN_HANG_MS);
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ ...run, code: code ?? (signal ? -1 : null) });
    }),
  );
}

function envOf(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LOG_FORMAT: 'json', ...env };
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once `test` holds for the output so far (checked on each chunk). */
  until(test: (output: { stdout: string; stderr: string }) => boolean): Promise<void>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built server on port 0 with `env`; resolves once it prints its URL. */
export function startBuilt(outdir: string, env: Record<string, string>): Promise<BuiltServer> {
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    env: envOf({ PORT: '0', HOST: '127.0.0.1', DEMO_ACCOUNTS: 'off', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((check) => check());
  child.stdout.on('data', (chunk: Buffer) => ((output.stdout += chunk.toString()), wake()));
  child.stderr.on('data', (chunk: Buffer) => ((output.stderr += chunk.toString()), wake()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const until: BuiltServer['until'] = (test) =>
    new Promise((resolve, reject) => {
      const guard = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`not seen within ${RUN_HANG_MS} ms:\n${output.stdout}${output.stderr}`));
      }, RUN_HANG_MS);
      const check = () => {
        if (!test(output)) return;
        clearTimeout(guard);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  let started = false;
  const listening = until(({ stdout }) => /listening on http:\/\/[\d.:]+/.test(stdout));
  listening.catch(() => undefined);
  const died = exited.then((code) => {
    if (!started)
      throw new Error(`exited (${code}) before listening:\n${output.stdout}${output.stderr}`);
    return new Promise<never>(() => undefined);
  });
  return Promise.race([listening.then(() => (started = true)), died]).then(() => ({
    url: /listening on (http:\/\/[\d.:]+)/.exec(output.stdout)![1]!,
    child,
    get stdout() {
      return output.stdout;
    },
    get stderr() {
      return output.stderr;
    },
    until,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  }));
}

/** The JSON lines of a log output (pino, one object a line). */
export function logLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
