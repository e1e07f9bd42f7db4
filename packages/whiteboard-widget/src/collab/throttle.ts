import type { Scheduler } from './scheduler';

/**
 * Passes on at most one value per `intervalMs`: the first at once, then the latest of each
 * interval at its end (so the last position is never lost).
 */
export class Throttle<T> {
  private lastEmitAt = Number.NEGATIVE_INFINITY;
  private latest: { value: T } | null = null;
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly scheduler: Scheduler,
    private readonly emit: (value: T) => void,
  ) {}

  /** Offers a value; it is emitted now or at the end of the current interval. */
  push(value: T): void {
    const wait = this.lastEmitAt + this.intervalMs - this.scheduler.now();
    if (wait <= 0 && !this.cancelTimer) {
      this.fire(value);
      return;
    }
    this.latest = { value };
    if (!this.cancelTimer) this.cancelTimer = this.scheduler.schedule(() => this.flush(), wait);
  }

  /** Drops any value waiting for its turn. */
  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.latest = null;
  }

  private flush(): void {
    this.cancelTimer = null;
    const latest = this.latest;
    this.latest = null;
    if (latest) this.fire(latest.value);
  }

  private fire(value: T): void {
    this.lastEmitAt = this.scheduler.now();
    this.emit(value);
  }
}
