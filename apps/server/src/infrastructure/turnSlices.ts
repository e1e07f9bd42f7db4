/**
 * Long work on the server's one thread, cut into slices: `TurnSlices.due()` resolves at once
 * while the current turn of the event loop has spent less than its budget on sliced work, and
 * otherwise after the I/O waiting now (other sockets' messages, other rooms' commits) has run.
 * Loading a large scene that is not in memory goes this way (`sceneLoader.ts`), as do catching
 * a large stream up (`commandHandler.ts`), ordering a whole scene (`sortInSlices`) and
 * streaming scenes to joiners (`sceneStream.ts`). All of them share one budget per turn
 * (`spentThisTurn`): a cold join that loads, catches up and streams at once still takes no
 * more than a few milliseconds of any turn, and the other rooms' commits wait at most that.
 */
import { setImmediate as afterWaitingIo } from 'node:timers/promises';

/** Work per turn of the event loop at most, in ms, before the loop goes on. */
export const SLICE_MS = 4;

/** When sliced work first ran in this turn of the event loop (null: none has yet). */
let turnStarted: number | null = null;

/**
 * Milliseconds all sliced work has spent in this turn of the event loop, counting from the
 * first of it. The count starts again at the turn's end: the immediate queued here runs
 * before any sliced work that yielded in this turn resumes.
 */
export function spentThisTurn(): number {
  const now = performance.now();
  if (turnStarted === null) {
    turnStarted = now;
    setImmediate(() => (turnStarted = null));
  }
  return now - turnStarted;
}

export class TurnSlices {
  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Yields to the event loop when this turn's budget is spent; call it between small steps. */
  async due(): Promise<void> {
    if (spentThisTurn() < this.budgetMs) return;
    await afterWaitingIo();
    spentThisTurn(); // the next slice counts from here, in the new turn
  }
}

/** Items sorted at once in one step of `sortInSlices`. */
const RUN = 1024;

/**
 * `items` sorted by `compare` (a new array), a run of `RUN` items per step and then merged a
 * run's worth at a time, yielding to the event loop between steps as `slices` says: the same
 * order as `Array.prototype.sort` for a total order, without holding the loop for the whole
 * sort of a large scene.
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  slices: TurnSlices,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += RUN) {
    runs.push(items.slice(start, start + RUN).sort(compare));
    await slices.due();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let at = 0; at < runs.length; at += 2) {
      const right = runs[at + 1];
      merged.push(right ? await merge(runs[at]!, right, compare, slices) : runs[at]!);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

async function merge<T>(
  left: readonly T[],
  right: readonly T[],
  compare: (a: T, b: T) => number,
  slices: TurnSlices,
): Promise<T[]> {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    out.push(compare(right[j]!, left[i]!) < 0 ? right[j++]! : left[i++]!);
    if (out.length % RUN === 0) await slices.due();
  }
  while (i < left.length) out.push(left[i++]!);
  while (j < right.length) out.push(right[j++]!);
  return out;
}
