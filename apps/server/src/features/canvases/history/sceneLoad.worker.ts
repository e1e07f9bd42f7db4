/**
 * The thread that loads scenes which are not in memory, for a server whose log and snapshots
 * are SQLite files (`SceneLoadThread` starts it and says why). It reads the events file on
 * connections of its own (WAL lets them read while the writer commits), folds the newest
 * trusted snapshot and the log after it with the same code as a load on the event loop
 * (`loadSceneInSlices`, in one go: nothing else waits on this thread), orders the scene and
 * hands it over in parts (`packedScene.ts`), one part each time the event loop asks for the
 * next (it asks as it takes one, so the thread packs a part while the loop holds the last),
 * and never more than the loop asked for. The thread gives way to the rest of the process
 * (`becomeIdle`: nice 10 and SCHED_IDLE on Linux): a load is background work, and a commit's
 * wake-up should not wait for it (on two cores a load at full priority delayed the loop by up
 * to 70 ms; at nice 10 other rooms' commit-ack p99 during a cold join went to 1.7-2.5x quiet,
 * under SCHED_IDLE 1.1-1.7x). It tells the loop its id, whose `IdleThreadGuard` raises it
 * when it starves.
 *
 * It also folds the aggregate of a long canvas that is not cached (`canvasAggregateFold.ts`),
 * which is otherwise the largest part of a cold join left to the event loop, and a canvas's
 * state alone from the events that are not scene-only (a join's membership check).
 *
 * Messages in: `{ id, canvasId, revision }` (load), `{ id, next: true }` (the next part),
 * `{ id, cancel: true }`, `{ id, aggregate: stream }`, `{ id, state: stream }`. Out:
 * `{ id, part }` for each part, then `{ id, done: true }`; `{ id, folded }` for an aggregate;
 * `{ id, canvasState }` for a state; or `{ id, error }`; and once, first, `{ started }`: the
 * thread's own id and whether it runs under SCHED_IDLE.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SCENE_ONLY_EVENTS } from '@tabula/domain';
import type { CanvasEvent, CanvasState } from '@tabula/domain';
import type { FoldedStream } from '../../../infrastructure/commandHandlerOptions';
import { openBesideTheLog } from '../../../infrastructure/eventStore/sqliteSchema';
import {
  sqliteStreamReads,
  sqliteStreamReadsSkipping,
} from '../../../infrastructure/eventStore/sqliteStreamReads';
import { becomeIdle } from '../../../infrastructure/idleThread';
import { openSqliteSnapshotStore } from '../../../infrastructure/snapshots/sqliteSnapshotStore';
import { TurnSlices } from '../../../infrastructure/turnSlices';
import { foldCanvasAggregate, foldCanvasState } from './canvasAggregateFold';
import { packParts } from './packedScene';
import type { ScenePart } from './packedScene';
import { loadSceneInSlices } from './sceneLoader';

export interface SceneLoadRequest {
  id: number;
  canvasId?: string;
  revision?: number;
  /** Snapshots to start from (false: the whole log, as with snapshots turned off). */
  snapshots?: boolean;
  next?: true;
  cancel?: true;
  /** The stream of a canvas whose aggregate is to be folded. */
  aggregate?: string;
  /** The stream of a canvas whose state alone is to be folded. */
  state?: string;
}

export type SceneLoadReply =
  | { id: number; part: ScenePart }
  | { id: number; done: true }
  | { id: number; folded: FoldedStream<CanvasState> }
  | { id: number; canvasState: CanvasState }
  | { id: number; error: string };

/** The thread's first message. */
export interface SceneLoadStarted {
  started: { thread: number; idle: boolean } | undefined;
}

const { dataDir } = workerData as { dataDir: string };
const port = parentPort!;
port.postMessage({ started: becomeIdle() } satisfies SceneLoadStarted);
const db = openBesideTheLog(dataDir);
db.pragma('query_only = ON');
/** One reader for the scene loads and the aggregate folds (a canvas's stream). */
const readStream = sqliteStreamReads<CanvasEvent>(db);
const readStateEvents = sqliteStreamReadsSkipping<CanvasEvent>(db, SCENE_ONLY_EVENTS);
const eventStore = {
  readStream: async (...args: Parameters<typeof readStream>) => readStream(...args),
};
const snapshots = openSqliteSnapshotStore({ dataDir });
/** No slices here: the thread does nothing else. */
const whole = new TurnSlices(Number.POSITIVE_INFINITY);
/** The parts of each load not asked for yet. */
const unsent = new Map<number, Generator<ScenePart>>();

function sendNext(id: number): void {
  const parts = unsent.get(id);
  if (!parts) return;
  const next = parts.next();
  if (next.done) {
    unsent.delete(id);
    port.postMessage({ id, done: true } satisfies SceneLoadReply);
    return;
  }
  const part = next.value;
  port.postMessage({ id, part } satisfies SceneLoadReply, [part.ends.buffer, part.flags.buffer]);
}

function failed(id: number, error: unknown): void {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  port.postMessage({ id, error: message } satisfies SceneLoadReply);
}

/** Answers `id` with what `fold` makes, or with its error. */
function answer(id: number, fold: () => SceneLoadReply): void {
  try {
    port.postMessage(fold());
  } catch (error) {
    failed(id, error);
  }
}

async function load({ id, canvasId, revision, snapshots: fromSnapshots }: SceneLoadRequest) {
  try {
    const deps = { eventStore, snapshots: fromSnapshots ? snapshots : null };
    const scene = await loadSceneInSlices(deps, canvasId!, revision!, whole);
    // No cancel can come before the first part: the event loop cancels only after taking one.
    unsent.set(id, packParts(await scene.inSceneOrder(whole)));
    sendNext(id);
  } catch (error) {
    failed(id, error);
  }
}

port.on('message', (request: SceneLoadRequest) => {
  const { id, aggregate, state } = request;
  if (request.next) sendNext(id);
  else if (request.cancel) unsent.delete(id);
  else if (aggregate)
    answer(id, () => ({ id, folded: foldCanvasAggregate(readStream, aggregate) }));
  else if (state) answer(id, () => ({ id, canvasState: foldCanvasState(readStateEvents, state) }));
  else void load(request);
});
