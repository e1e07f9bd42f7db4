/**
 * Work done at most once per animation frame: whatever arrives between two frames (peers'
 * commits, ink, cursors) is applied together when the next frame comes. `RequestFrame` is
 * injected so tests can turn frames by hand (`ManualFrames`).
 */

/** Runs `task` at the next frame; the returned function cancels it. */
export type RequestFrame = (task: () => void) => () => void;

/** The browser's next animation frame; outside a browser (Node), the next turn of the loop. */
export const animationFrames: RequestFrame = (task) => {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(() => task());
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
};

/** One `run` per frame, however many times it is asked for in between. */
export class OncePerFrame {
  private cancel: (() => void) | null = null;

  constructor(
    private readonly request: RequestFrame,
    private readonly run: () => void,
  ) {}

  /** Asks for a run at the next frame (once, however often asked). */
  schedule(): void {
    if (this.cancel) return;
    this.cancel = this.request(() => {
      this.cancel = null;
      this.run();
    });
  }

  /** True while a run is asked for and has not happened. */
  get scheduled(): boolean {
    return this.cancel !== null;
  }

  /** Forgets a run asked for. */
  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }
}

/** Frames that come only when told (`tick`): for tests. */
export class ManualFrames {
  private tasks: (() => void)[] = [];

  readonly request: RequestFrame = (task) => {
    this.tasks.push(task);
    return () => {
      this.tasks = this.tasks.filter((other) => other !== task);
    };
  };

  /** Runs the tasks asked for before this frame (those they ask for wait for the next). */
  tick(): void {
    const due = this.tasks;
    this.tasks = [];
    for (const task of due) task();
  }

  /** Tasks waiting for the next frame. */
  get pending(): number {
    return this.tasks.length;
  }
}
