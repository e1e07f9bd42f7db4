/**
 * The cold-join bench's server process (`coldServerProcess.ts` starts it): the real app on the
 * data directory `drawBigCanvas` left, in a process of its own as after a restart, so its heap
 * holds nothing of the drawing. Measures its own event loop and garbage collections between
 * the parent's `start` and `stop` (the join's window). Arguments: the data directory and the
 * load (`ColdLoad`): `one-turn` (`CurrentScenes.sliced = false`), `loop-slices` (no scene load
 * thread) or `thread`. Also how its main thread and the machine's cores spent the quiet window
 * (from the parent's `quiet` to `start`) and the join's (`cpuWindow.ts`).
 */
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuWindow } from '../cpuWindow';
import { coldServer } from './coldServer';
import type { ColdLoad } from './coldServerProcess';

const [dataDir, load] = process.argv.slice(2) as [string, ColdLoad];
const server = await coldServer(dataDir, load === 'thread');
server.app.context.scenes.sliced = load !== 'one-turn';

const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
let delay = monitorEventLoopDelay({ resolution: 1 });
const young: number[] = [];
const other: number[] = [];
const gc = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
    (kind === constants.NODE_PERFORMANCE_GC_MINOR ? young : other).push(entry.duration);
  }
});
const pauses = (taken: number[]) => ({
  count: taken.length,
  totalMs: Math.round(taken.reduce((total, pause) => total + pause, 0)),
  maxMs: Math.round(Math.max(0, ...taken)),
});

let window = cpuWindow();

process.on('message', (message: string) => {
  if (message === 'quiet') {
    window = cpuWindow();
    process.send!({ quiet: true });
  } else if (message === 'start') {
    const quiet = window();
    window = cpuWindow();
    delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    young.length = 0;
    other.length = 0;
    gc.observe({ entryTypes: ['gc'] });
    process.send!({ quiet });
  } else if (message === 'stop') {
    delay.disable();
    gc.disconnect();
    process.send!({
      eventLoopDelayMs: { max: ms(delay.max), p99: ms(delay.percentile(99)) },
      gc: { young: pauses(young), other: pauses(other) },
      cpu: window(),
    });
  } else if (message === 'close') {
    void server.close().then(() => process.exit(0));
  }
});
process.send!({ url: server.url });
