/**
 * The real server as operators run it, in a child process: `node --import tsx src/main.ts` on
 * a data directory and a fixed port (so clients reconnect to the same URL after a restart).
 * Ready once it prints its "listening" line; `kill()` is a SIGKILL (no shutdown code runs),
 * `stop()` a SIGTERM (a clean close).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Hang guard for a start (tsx compiles the server first; a loaded machine is slow). */
const START_HANG_MS = 90_000;

export interface ServerChild {
  url: string;
  /** The process's RSS and CPU are its own: its pid, for whoever measures it. */
  pid: number;
  kill(): Promise<void>;
  stop(): Promise<void>;
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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the server on `dataDir` and `port`; `env` adds to (or overrides) its environment. */
export function startServerChild(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      KAFKA_BROKERS: '',
      DEMO_ACCOUNTS: 'off',
      AUTH_RATE_PER_IP_PER_MINUTE: '100000',
      AUTH_FAILED_LOGINS_PER_ACCOUNT: '100000',
      AUTH_FAILED_LOGINS_PER_IP: '100000',
      SOCKET_MESSAGES_PER_SECOND: '100000',
      QUOTA_BYTES_PER_MINUTE: '1000000000000',
      QUOTA_BURST_BYTES: '1000000000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async (signal: NodeJS.Signals) => {
    const done = exited(child);
    child.kill(signal);
    await done;
  };
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_HANG_MS} ms:\n${output}`));
    }, START_HANG_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/Tabula is listening on/.test(output)) return;
      clearTimeout(guard);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      child.off('exit', onExit);
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        kill: () => stop('SIGKILL'),
        stop: () => stop('SIGTERM'),
      });
    };
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(guard);
      reject(new Error(`server exited (${signal ?? code}) before listening:\n${output}`));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', onExit);
  });
}
