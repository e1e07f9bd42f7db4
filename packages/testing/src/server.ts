/**
 * The one launcher of the real Tabula server in a child process, as operators run it:
 * `apps/server/src/main.ts` through tsx, on 127.0.0.1, configured by its environment only.
 * The browser tests, the widget's live tests, the server's process tests (kill, restart,
 * graceful stop, backup, reverse proxy), the cluster's nodes and the board bench start it here.
 * By default it gets a throwaway data directory and a port the OS picks; a test that restarts
 * the server passes its own directory and a fixed port (`freePort`), so that the data and the
 * URL stay. A server still running when the test process exits is killed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root folder (this file is packages/testing/src/server.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const LISTENING = /Tabula is listening on (http:\/\/\S+)/;
/** After SIGTERM, how long a clean stop may take before SIGKILL (a hang guard for a busy machine). */
const STOP_HANG_MS = 30_000;

/** Rate limits high enough that a test suite never trips them. */
const GENEROUS_LIMITS: Record<string, string> = {
  AUTH_RATE_PER_IP_PER_MINUTE: '100000',
  AUTH_FAILED_LOGINS_PER_ACCOUNT: '100000',
  AUTH_FAILED_LOGINS_PER_IP: '100000',
  SOCKET_MESSAGES_PER_SECOND: '100000',
  // Suites draw fast from one user: the per-minute drawing quota is for people, not them.
  QUOTA_BYTES_PER_MINUTE: '1000000000000',
  QUOTA_BURST_BYTES: '1000000000000',
};

export interface StartTabulaServerOptions {
  /** The built web app to serve (WEB_DIST); the server's default (apps/web/dist) when absent. */
  webDist?: string;
  /**
   * The data directory (DATA_DIR). Absent: a fresh temporary one, removed by `stop` and `kill`;
   * given: it is the caller's and stays (a restart on it finds the data).
   */
  dataDir?: string;
  /** The port; absent or 0: one the OS picks. A fixed one (`freePort`) keeps the URL across restarts. */
  port?: number;
  /** Origins allowed for CORS and Socket.IO besides the server's own (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Extra environment for the server; wins over the defaults set here. */
  env?: Record<string, string>;
  /**
   * Whether the server inherits this process's environment (default true). False: PATH alone
   * plus what is set here, as a node that an operator configures by its environment.
   */
  inheritEnv?: boolean;
  /**
   * Rate limits and drawing quotas so high that a suite never trips them (default true).
   * False: the server's own, for a test of the limits themselves.
   */
  generousLimits?: boolean;
  /** How long to wait for the "listening" line (a hang guard); 120 s by default. */
  timeoutMs?: number;
}

export interface TabulaServer {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** DATA_DIR (a temporary one is removed by `stop` and `kill`). */
  dataDir: string;
  /** The server process's id (its RSS and CPU are its own, for whoever measures them). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Whether the process is still running. */
  running(): boolean;
  /** Stops the server cleanly (SIGTERM; SIGKILL if it hangs); resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Kills the server at once (SIGKILL: no shutdown code runs); resolves once it has exited. */
  kill(): Promise<number | null>;
}

const children = new Set<ChildProcess>();
let exitHooked = false;

/** Kills whatever this process started and left running when it exits. */
function killOnExit(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const running of children) running.kill('SIGKILL');
  });
}

/** A port free right now on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Spawns the server and resolves once it prints `Tabula is listening on <url>`. */
export function startTabulaServer(options: StartTabulaServerOptions = {}): Promise<TabulaServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tabula-server-'));
  // The embedded defaults: no external Redis, KurrentDB or Kafka unless the caller asks.
  const {
    REDIS_URL: _redis,
    EVENTSTORE_URL: _esdb,
    KAFKA_BROKERS: _kafka,
    WEB_DIST: _webDist,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...((options.inheritEnv ?? true) ? inherited : { PATH: process.env.PATH }),
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...((options.generousLimits ?? true) ? GENEROUS_LIMITS : {}),
    ...(options.webDist ? { WEB_DIST: path.resolve(options.webDist) } : {}),
    ...(options.allowedOrigins ? { ALLOWED_ORIGINS: options.allowedOrigins.join(',') } : {}),
    ...options.env,
  };

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let output = '';
  const running = () => child.exitCode === null && child.signalCode === null;
  const end = async (signal: NodeJS.Signals): Promise<number | null> => {
    const done = exited(child);
    const guard = running() ? setTimeout(() => child.kill('SIGKILL'), STOP_HANG_MS) : undefined;
    if (running()) child.kill(signal);
    const code = await done;
    clearTimeout(guard);
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  return new Promise<TabulaServer>((resolve, reject) => {
    const fail = (reason: string): void => {
      void end('SIGKILL').finally(() =>
        reject(new Error(`${reason}\n--- server output ---\n${output}`)),
      );
    };
    const timer = setTimeout(
      () => fail('The Tabula server did not start in time.'),
      options.timeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout.off('data', onData);
      child.stdout.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        url: match[1].replace('localhost', '127.0.0.1'),
        dataDir,
        pid: child.pid!,
        output: () => output,
        running,
        stop: () => end('SIGTERM'),
        kill: () => end('SIGKILL'),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const onExit = (code: number | null, signal: string | null): void => {
      clearTimeout(timer);
      fail(`The Tabula server exited before listening (code ${code}, signal ${signal}).`);
    };
    child.once('exit', onExit);
  });
}
