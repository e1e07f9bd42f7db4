import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A real Tabula server running in a child process. */
export interface LiveServer {
  url: string;
  close(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/src/main.ts');

/**
 * Starts the real server (`apps/server/src/main.ts`, which builds it with `createApp`) on
 * 127.0.0.1 and a free port, with a SQLite log in a fresh temp dir and in-memory read models,
 * allowing `allowedOrigins` (the test pages' origins) for CORS and Socket.IO.
 */
export async function startLiveServer(allowedOrigins: readonly string[]): Promise<LiveServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabula-widget-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['REDIS_URL', 'EVENTSTORE_URL', 'KAFKA_BROKERS', 'WEB_DIST']) delete env[name];
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ALLOWED_ORIGINS: allowedOrigins.join(','),
    DEMO_ACCOUNTS: 'off',
    AUTH_RATE_PER_IP_PER_MINUTE: '100000',
    AUTH_FAILED_LOGINS_PER_ACCOUNT: '100000',
    AUTH_FAILED_LOGINS_PER_IP: '100000',
    SOCKET_MESSAGES_PER_SECOND: '100000',
    QUOTA_BYTES_PER_MINUTE: '1000000000000',
    QUOTA_BURST_BYTES: '1000000000000',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
