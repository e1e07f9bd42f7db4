/**
 * Starts the real Tabula server (`apps/server/src/main.ts` through tsx) on 127.0.0.1 and a
 * free port, with a throwaway data directory, for browser tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root folder (this file is packages/testing/src/server.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const LISTENING = /Tabula is listening on (http:\/\/\S+)/;

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
  /** Extra environment for the server; wins over the defaults set here. */
  env?: Record<string, string>;
  /** How long to wait for the "listening" line; 60 s by default. */
  timeoutMs?: number;
}

export interface TabulaServer {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The temporary DATA_DIR (removed by `stop`). */
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its data directory. */
  stop(): Promise<void>;
}

/** Spawns the server and resolves once it prints `Tabula is listening on <url>`. */
export function startTabulaServer(options: StartTabulaServerOptions = {}): Promise<TabulaServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-e2e-'));
  // The embedded defaults: no external Redis, KurrentDB or Kafka unless the caller asks.
  const {
    REDIS_URL: _redis,
    EVENTSTORE_URL: _esdb,
    KAFKA_BROKERS: _kafka,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...GENEROUS_LIMITS,
    ...(options.webDist ? { WEB_DIST: path.resolve(options.webDist) } : {}),
    ...options.env,
  };

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  return new Promise<TabulaServer>((resolve, reject) => {
    const fail = (reason: string): void => {
      void stop().finally(() => reject(new Error(`${reason}\n--- server output ---\n${output}`)));
    };
    const timer = setTimeout(
      () => fail('The Tabula server did not start in time.'),
      options.timeoutMs ?? 60_000,
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
        output: () => output,
        stop,
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
