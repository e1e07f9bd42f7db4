/**
 * A fixed-window counter per key, in memory: the per-socket message rate (a socket lives on
 * one node). Limits that must hold across nodes (sign-in) are counted in `SharedState`
 * instead (`sharedRateLimit.ts`).
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts one hit for `key`; answers how many ms to wait when over the limit, else 0. */
  hit(key: string): number {
    const window = this.current(key);
    window.count += 1;
    return window.count > this.limit ? this.retryAfter(window) : 0;
  }

  /** How long `key` must wait, without counting a hit. */
  blockedFor(key: string): number {
    const window = this.current(key);
    return window.count >= this.limit ? this.retryAfter(window) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    return window;
  }

  private retryAfter(window: Window): number {
    return Math.max(1, window.startedAt + this.windowMs - this.clock.now());
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}
