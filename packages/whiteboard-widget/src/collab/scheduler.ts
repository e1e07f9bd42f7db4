/** Time as the collaboration client sees it: injected, so tests can drive it by hand. */
export interface Scheduler {
  /** Milliseconds since some fixed point. */
  now(): number;
  /** Runs `task` after `delayMs`; the returned function cancels it. */
  schedule(task: () => void, delayMs: number): () => void;
}

/** The browser's (or Node's) clock and timers. */
export const systemScheduler: Scheduler = {
  now: () => performance.now(),
  schedule(task, delayMs) {
    const handle = setTimeout(task, delayMs);
    return () => clearTimeout(handle);
  },
};

interface Timer {
  at: number;
  order: number;
  task: () => void;
}

/** A clock that moves only when told to (`advance`), running due tasks in time order. */
export class ManualScheduler implements Scheduler {
  private time = 0;
  private order = 0;
  private timers: Timer[] = [];

  now(): number {
    return this.time;
  }

  schedule(task: () => void, delayMs: number): () => void {
    const timer: Timer = { at: this.time + Math.max(0, delayMs), order: this.order++, task };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Moves the clock forward by `ms`, running every task that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.task();
    }
    this.time = end;
  }

  /** Number of tasks waiting. */
  get pending(): number {
    return this.timers.length;
  }
}
