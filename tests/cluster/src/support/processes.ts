/**
 * Child processes of the cluster: free ports of 127.0.0.1 (the PostgreSQL helper's), a process started with its output
 * kept (the tail shows in errors), stopped by signal, and never left behind when the test
 * process exits.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export { freePort } from '../../../../apps/server/test/support/postgres';

export interface Started {
  child: ChildProcess;
  /** The last 20 kB of its stdout and stderr. */
  output(): string;
  /** Resolves once it has exited. */
  exited: Promise<void>;
  /** Sends `signal` and resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function start(file: string, args: string[], options: SpawnOptions = {}): Started {
  const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A long-enough bound for anything to start on a loaded 2-core machine: a hang guard only. */
export const START_GUARD_MS = Number(process.env.CLUSTER_GUARD_MS ?? 90_000);

/**
 * Calls `ready` until it answers true; fails early if `process` exits, and after the hang guard.
 */
export async function waitUntil(
  what: string,
  ready: () => Promise<boolean>,
  process?: Started,
): Promise<void> {
  const deadline = Date.now() + START_GUARD_MS;
  for (;;) {
    if (process && process.child.exitCode !== null)
      throw new Error(`${what}: the process exited:\n${process.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: not ready after ${START_GUARD_MS} ms\n${process?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
