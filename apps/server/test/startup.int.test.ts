/**
 * `main.ts` as an operator runs it: by default it listens on loopback and prints the URL it
 * serves, without the exposure warning; a bad HOST or TRUST_PROXY stops it with a message
 * naming the variable, and so does a Redis, PostgreSQL or KurrentDB that cannot be reached
 * (its address too, never its password): one line, exit code 1, no stack.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/**
 * A hang guard for one start (tsx compiling the server, then the dependency's connect attempt):
 * under the test timeout, beyond what a machine busy three times over needed.
 */
const START_HANG_MS = 50_000;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Runs the server with `env`; once stdout shows `until` (if given) it is sent SIGTERM. */
function runServer(env: Record<string, string>, until?: RegExp): Promise<Run> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-startup-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, ...env },
  });
  const run: Run = { stdout: '', stderr: '', code: null };
  const guard = setTimeout(() => child.kill('SIGKILL'), START_HANG_MS);
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
    if (until?.test(run.stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ ...run, code });
    }),
  );
}

describe('starting the server', () => {
  it('listens on 127.0.0.1 by default, prints the URL and stops on SIGTERM', async () => {
    const run = await runServer({}, /listening on/);
    expect(run.stdout).toMatch(/Tabula is listening on http:\/\/127\.0\.0\.1:\d+ /);
    expect(run.stderr).not.toContain('WARNING');
    expect(run.code).toBe(0);
  });

  it('a bad HOST stops it with a message naming the variable', async () => {
    const run = await runServer({ HOST: 'http://example.com' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "Invalid environment variable HOST: expected an IP address or a host name, got 'http://example.com'",
    );
    expect(run.stdout).not.toContain('listening');
  });

  it('a bad TRUST_PROXY stops it with a message naming the variable', async () => {
    const run = await runServer({ TRUST_PROXY: 'sometimes' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment variable TRUST_PROXY');
  });
});

/** A port nothing listens on: the OS picks a free one, which is closed again. */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('an unreachable dependency stops the start', () => {
  it.each([
    ['REDIS_URL', 'redis', 'Redis'],
    ['EVENTSTORE_URL', 'postgres', 'PostgreSQL'],
    ['EVENTSTORE_URL', 'kurrentdb', 'KurrentDB'],
  ])('%s=%s://… names the variable and the address', async (variable, scheme, what) => {
    const port = await unusedPort();
    const tail = scheme === 'kurrentdb' ? '?tls=false' : '/tabula';
    const run = await runServer({
      [variable]: `${scheme}://someone:s3cret-pw@127.0.0.1:${port}${tail}`,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('listening');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const { msg } = JSON.parse(lines[0]!) as { msg: string };
    expect(msg).toContain(`Cannot reach ${what} at ${scheme}://127.0.0.1:${port} (${variable}): `);
    expect(run.stderr).not.toContain('s3cret-pw');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
