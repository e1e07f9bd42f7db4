/**
 * Where a window's time went on this machine, from Linux's own accounts: how long the calling
 * thread ran and how long it waited, ready to run, for a core (`/proc/thread-self/schedstat`),
 * and how busy all the cores were (`/proc/stat`). A latency that rises while the thread's own
 * share of running stays the same, and its waiting for a core grows, comes from the cores
 * being shared, not from the thread's work. Linux only: elsewhere the window is null.
 */
import { readFileSync } from 'node:fs';

export interface CpuWindow {
  ms: number;
  /** Share of the window the thread ran. */
  threadRan: number;
  /** Share of the window the thread was ready to run but waited for a core. */
  threadWaitedForCore: number;
  /** Share of all the machine's cores' time spent busy (anything but idle and I/O wait). */
  machineBusy: number;
}

interface Reading {
  at: number;
  ranNs: number;
  waitedNs: number;
  busyTicks: number;
  allTicks: number;
}

function read(): Reading | null {
  try {
    const [ranNs, waitedNs] = readFileSync('/proc/thread-self/schedstat', 'utf8')
      .split(' ')
      .map(Number);
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice", in clock ticks;
    // the guests' time is already counted in user and nice.
    const counts = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const allTicks = counts.reduce((sum, count) => sum + count, 0);
    const idleTicks = counts[3]! + counts[4]!;
    return {
      at: performance.now(),
      ranNs: ranNs!,
      waitedNs: waitedNs!,
      busyTicks: allTicks - idleTicks,
      allTicks,
    };
  } catch {
    return null;
  }
}

const share = (part: number, whole: number) => Number((whole > 0 ? part / whole : 0).toFixed(3));

/** Starts a window on the calling thread; the function it gives reads the window so far. */
export function cpuWindow(): () => CpuWindow | null {
  const start = read();
  return () => {
    const end = read();
    if (!start || !end) return null;
    const ms = end.at - start.at;
    return {
      ms: Math.round(ms),
      threadRan: share((end.ranNs - start.ranNs) / 1e6, ms),
      threadWaitedForCore: share((end.waitedNs - start.waitedNs) / 1e6, ms),
      machineBusy: share(end.busyTicks - start.busyTicks, end.allTicks - start.allTicks),
    };
  };
}
