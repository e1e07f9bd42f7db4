/**
 * Loads scenes that are not in memory in a worker thread (`sceneLoad.worker.ts`), for a server
 * whose log and snapshots are SQLite files in one data directory (the embedded default).
 *
 * Why: a load in slices on the event loop (`loadSceneInSlices`) never holds the loop for long,
 * but it is the loop's work all the same. A 50,000-element canvas's load kept the loop busy
 * for a second and more, and what it keeps (the scene's texts) outlived young collections,
 * each of which then paused the loop for tens of milliseconds: other rooms' commits waited
 * 4 to 5 times their usual p99 while a cold canvas opened (docs/performance.md). The thread
 * reads, parses, folds and orders on a heap of its own; the loop only takes the parts it
 * hands over (a few strings each, `packedScene.ts`) and holds their elements, a step at a
 * time (`CompactScene.fromParts`). One thread for the process, started by `start()` (the
 * server calls it when it starts: the thread's own start, a few hundred milliseconds, is then
 * no joiner's wait) or else by the first load; loads of several canvases share it. A thread
 * that died is started again on the next load.
 *
 * The thread also folds the aggregate of a long canvas that is not cached (`aggregates()`, the
 * canvas command handler's `foldElsewhere`): a cold join reads the canvas's whole log for it,
 * which on the event loop was the largest share of the join's work once the scene had moved
 * here. And the state alone of a canvas whose aggregate is not cached (`states()`), from the
 * few events that are not drawings: a join checks membership with it, so the joiner's scene
 * load need not wait for the whole log to be parsed.
 */
import { Worker } from 'node:worker_threads';
import type { CanvasState } from '@tabula/domain';
import type { FoldedStream, FoldElsewhere } from '../../../infrastructure/commandHandlerOptions';
import { IdleThreadGuard } from '../../../infrastructure/idleThread';
import type { IdleThreadEvents } from '../../../infrastructure/idleThread';
import type { ScenePart } from './packedScene';
import type { SceneLoadReply, SceneLoadRequest, SceneLoadStarted } from './sceneLoad.worker';

/** The worker's module: its TypeScript source under tsx (tests, benches), else built beside. */
function workerModule(): { url: URL; execArgv?: string[] } {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(source ? './sceneLoad.worker.ts' : './sceneLoad.worker.js', import.meta.url);
  return source ? { url, execArgv: ['--import', 'tsx'] } : { url };
}

/** Events from which a canvas's aggregate is folded on the thread rather than the loop. */
export const AGGREGATE_AFTER = 64;

/** Replies of one load, in the order they came, for the one reading them. */
class Inbox {
  private readonly queued: SceneLoadReply[] = [];
  private waiting: ((reply: SceneLoadReply) => void) | undefined;

  put(reply: SceneLoadReply): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(reply);
    else this.queued.push(reply);
  }

  take(): Promise<SceneLoadReply> {
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

export class SceneLoadThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly inboxes = new Map<number, Inbox>();
  /** Watches the thread while it has work, once it has said it runs under SCHED_IDLE. */
  private guard: IdleThreadGuard | undefined;

  /** `priority`: what the thread's guard tells (a raise out of SCHED_IDLE, a failed `chrt`). */
  constructor(
    private readonly dataDir: string,
    private readonly priority: IdleThreadEvents = {},
  ) {}

  /** Starts the thread now rather than on the first load. */
  start(): void {
    this.started();
  }

  /**
   * The canvas's scene after `revision`, in scene order, a part at a time (the next one is
   * asked for as the caller takes this one, so at most two are on their way or held). From
   * the newest trusted snapshot unless `snapshots` is false.
   */
  async *load(canvasId: string, revision: number, snapshots = true): AsyncGenerator<ScenePart> {
    const worker = this.started();
    const [id, inbox] = this.opened();
    let done = false;
    try {
      this.send(worker, { id, canvasId, revision, snapshots });
      for (;;) {
        const reply = await inbox.take();
        if ('error' in reply) throw new Error(`Scene load of ${canvasId}: ${reply.error}`);
        if (!('part' in reply)) return void (done = true);
        // The thread packs the next part while the caller holds this one.
        this.send(worker, { id, next: true });
        yield reply.part;
      }
    } finally {
      this.closed(id);
      if (!done) this.send(worker, { id, cancel: true });
    }
  }

  /** The aggregate of the canvas stream `stream`, folded from its whole log on the thread. */
  async foldAggregate(stream: string): Promise<FoldedStream<CanvasState>> {
    const reply = await this.ask((id) => ({ id, aggregate: stream }));
    if ('folded' in reply) return reply.folded;
    throw failure(`Aggregate fold of ${stream}`, reply);
  }

  /**
   * The state alone of the canvas stream `stream` (who may read it, what they may do), folded
   * on the thread from its events that are not scene-only: a few rows of a long canvas's log.
   */
  async foldState(stream: string): Promise<CanvasState> {
    const reply = await this.ask((id) => ({ id, state: stream }));
    if ('canvasState' in reply) return reply.canvasState;
    throw failure(`State fold of ${stream}`, reply);
  }

  /** `foldState`, answering undefined (and telling `onError` why) when the thread fails. */
  states(onError: (error: unknown) => void): (stream: string) => Promise<CanvasState | undefined> {
    return (stream) => orUndefined(this.foldState(stream), onError);
  }

  /**
   * The canvas command handler's `foldElsewhere`: streams of `AGGREGATE_AFTER` events and more
   * are folded here (a short one costs the loop less than the trip); when the thread fails,
   * the handler folds the stream itself.
   */
  aggregates(onError: (error: unknown) => void): FoldElsewhere<CanvasState> {
    return {
      after: AGGREGATE_AFTER,
      fold: (stream) => orUndefined(this.foldAggregate(stream), onError),
    };
  }

  /** Stops the thread (loads under way fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** Sends the request `make(id)` and resolves with its one reply. */
  private async ask(make: (id: number) => SceneLoadRequest): Promise<SceneLoadReply> {
    const worker = this.started();
    const [id, inbox] = this.opened();
    try {
      this.send(worker, make(id));
      return await inbox.take();
    } finally {
      this.closed(id);
    }
  }

  /** A new request's id and inbox; the thread has work until every inbox is closed. */
  private opened(): [number, Inbox] {
    const id = this.nextId++;
    const inbox = new Inbox();
    this.inboxes.set(id, inbox);
    this.guard?.watch();
    return [id, inbox];
  }

  private closed(id: number): void {
    this.inboxes.delete(id);
    if (this.inboxes.size === 0) this.guard?.rest();
  }

  private send(worker: Worker, request: SceneLoadRequest): void {
    if (this.worker === worker) worker.postMessage(request);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerModule();
    const worker = new Worker(url, { workerData: { dataDir: this.dataDir }, execArgv });
    // Not a reason to keep the process up: close() ends it, and so does the process's end.
    worker.unref();
    worker.on('message', (reply: SceneLoadReply | SceneLoadStarted) => {
      if ('started' in reply) this.watchIdle(worker, reply.started);
      else this.inboxes.get(reply.id)?.put(reply);
    });
    const died = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      this.guard?.stop();
      this.guard = undefined;
      for (const [id, inbox] of this.inboxes) inbox.put({ id, error: why });
    };
    worker.on('error', (error) => died(error.stack ?? error.message));
    worker.on('exit', (code) => died(`the scene load thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  /** Guards a thread that runs under SCHED_IDLE (from its work under way, if any). */
  private watchIdle(worker: Worker, started: SceneLoadStarted['started']): void {
    if (this.worker !== worker || !started?.idle) return;
    this.guard = new IdleThreadGuard(started.thread, this.priority);
    if (this.inboxes.size > 0) this.guard.watch();
  }
}

/** The error of a request the thread did not answer as asked. */
function failure(what: string, reply: SceneLoadReply): Error {
  return new Error(`${what}: ${'error' in reply ? reply.error : 'no answer'}`);
}

/** `work`'s value, or undefined once `onError` is told why it failed. */
function orUndefined<T>(
  work: Promise<T>,
  onError: (error: unknown) => void,
): Promise<T | undefined> {
  return work.catch((error: unknown) => {
    onError(error);
    return undefined;
  });
}
