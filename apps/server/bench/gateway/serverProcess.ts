/** Starts `benchServer.ts` in its own Node process and talks to it over IPC. */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Fixture, HeldMemory, ServerRequest, ServerStats } from './benchServerContract';

export type ServerMode = 'tabula' | 'relay';

export interface ServerProcess {
  url: string;
  fixture(rooms: number, perRoom: number): Promise<Fixture>;
  /** CPU and peak RSS count from now on. */
  start(): Promise<void>;
  stats(): Promise<ServerStats>;
  /** Memory after a full garbage collection. */
  held(): Promise<HeldMemory>;
  stop(): Promise<void>;
}

/** `env`: variables added to the server process's environment (e.g. `BENCH_QUOTAS`). */
export function startServer(
  mode: ServerMode,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./benchServer.ts', import.meta.url));
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: ChildProcess = fork(script, [mode], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...profile],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  // The server answers requests one at a time and in order; if it dies, every question fails.
  const waiting: { resolve(answer: unknown): void; reject(error: Error): void }[] = [];
  let died: Error | null = null;
  child.on('exit', (code, signal) => {
    died = new Error(`bench server (${mode}) exited (${signal ?? code})`);
    for (const asker of waiting.splice(0)) asker.reject(died);
  });
  const ask = <T>(request: ServerRequest) =>
    new Promise<T>((resolve, reject) => {
      if (died) return reject(died);
      waiting.push({ resolve: resolve as (answer: unknown) => void, reject });
      child.send(request);
    });
  let dataDir: string | undefined;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT lets a profiled server write its profile before it exits.
      child.kill(process.env.BENCH_CPU_PROF ? 'SIGINT' : 'SIGKILL');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => reject(died));
    child.once('message', (message: { url: string; dataDir?: string }) => {
      dataDir = message.dataDir;
      child.on('message', (answer) => waiting.shift()?.resolve(answer));
      resolve({
        url: message.url,
        fixture: async (rooms, perRoom) =>
          (await ask<{ fixture: Fixture }>({ type: 'fixture', rooms, perRoom })).fixture,
        start: async () => {
          await ask({ type: 'start' });
        },
        stats: () => ask<ServerStats>({ type: 'stats' }),
        held: () => ask<HeldMemory>({ type: 'held' }),
        stop,
      });
    });
  });
}
