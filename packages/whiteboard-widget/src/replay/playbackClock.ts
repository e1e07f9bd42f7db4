/** The speeds the player offers. */
export const SPEEDS = [1, 2, 4, 8, 16] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * The playhead in replay time (ms at 1×): still while paused; while playing it moves `speed`
 * times as fast as `now()` and stops at `total`. `now` is injected, so tests run it on a
 * simulated clock; the player gives it `performance.now`.
 */
export class PlaybackClock {
  private anchorTime = 0;
  private anchorWall = 0;
  private running = false;
  private rate: Speed = 1;
  private end = 0;

  constructor(private readonly now: () => number) {}

  get playing(): boolean {
    return this.running;
  }

  get speed(): Speed {
    return this.rate;
  }

  get total(): number {
    return this.end;
  }

  /** The playhead now; reaching the end pauses. */
  position(): number {
    if (!this.running) return this.anchorTime;
    const moved = this.anchorTime + (this.now() - this.anchorWall) * this.rate;
    if (moved >= this.end) {
      this.running = false;
      this.anchorTime = this.end;
      return this.end;
    }
    return moved;
  }

  /** Plays from the playhead (from the start when it is at the end). */
  play(): void {
    if (this.running) return;
    if (this.anchorTime >= this.end) this.anchorTime = 0;
    this.anchorWall = this.now();
    this.running = this.end > 0;
  }

  pause(): void {
    this.anchorTime = this.position();
    this.running = false;
  }

  seek(time: number): void {
    this.anchorTime = Math.max(0, Math.min(time, this.end));
    this.anchorWall = this.now();
  }

  setSpeed(speed: Speed): void {
    this.anchorTime = this.position();
    this.anchorWall = this.now();
    this.rate = speed;
  }

  /** The replay grew or its schedule changed: the playhead keeps `time` (defaults to where it is). */
  setTotal(total: number, time = this.position()): void {
    this.end = Math.max(0, total);
    this.anchorTime = Math.max(0, Math.min(time, this.end));
    this.anchorWall = this.now();
  }
}
