/** Starts `coldServerMain.ts` in a process of its own and asks it over IPC. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CpuWindow } from '../cpuWindow';

/** The server thread's event loop and collections over a window (see `coldServerMain.ts`). */
export interface ServerWindow {
  eventLoopDelayMs: { max: number; p99: number };
  gc: Record<'young' | 'other', { count: number; totalMs: number; maxMs: number }>;
  /** The server's main thread and the machine's cores over the window. */
  cpu: CpuWindow | null;
}

/**
 * How the restarted server loads the cold scene: in one turn of the event loop (the old load),
 * in slices of the loop's turns, or in the scene load thread (the embedded server's way).
 */
export type ColdLoad = 'one-turn' | 'loop-slices' | 'thread';

export async function coldServerProcess(dataDir: string, load: ColdLoad) {
  const script = fileURLToPath(new URL('./coldServerMain.ts', import.meta.url));
  const child = fork(script, [dataDir, load], {
    // BENCH_COLD_NODE_FLAGS: V8 or Node flags for the server process (e.g. `--trace-gc`).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_COLD_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    // Its stdout goes to stderr: this process's stdout is the bench's JSON report.
    stdio: ['ignore', 2, 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`cold server exited (${code})`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message as T);
      });
    });
  const ask = <T>(message: string) => {
    const answer = next<T>();
    child.send(message);
    return answer;
  };
  const { url } = await next<{ url: string }>();
  return {
    url,
    /** The quiet window starts: its CPU counts from here. */
    quiet: () => ask<unknown>('quiet'),
    /**
     * The quiet window ends and the join's starts: loop delay and collections count from here.
     * Answers how the quiet window's CPU was spent.
     */
    start: async () => (await ask<{ quiet: CpuWindow | null }>('start')).quiet,
    stop: () => ask<ServerWindow>('stop'),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
  };
}
