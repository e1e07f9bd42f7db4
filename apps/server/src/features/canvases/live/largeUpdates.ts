/**
 * A large `canvas-update` is handled in turns: the server has one thread, and decoding,
 * checking and serialising 240 KB of elements at once holds every other socket's messages
 * back for the whole of it (about 15 ms). Between its steps a large update lets the messages
 * already waiting go first (`nextTurn`), so others wait for one step at a time instead. Small
 * updates, every stroke a person draws, keep their one uninterrupted pass.
 */
import { setImmediate as afterWaitingIo } from 'node:timers/promises';

/**
 * Elements plus their points beyond which an update is large: about 40 KB of JSON. A long
 * freehand stroke has a few hundred points; a paste of many shapes or a flood has thousands.
 */
export const LARGE_UPDATE_WEIGHT = 2_000;

/** Elements plus points of a `canvas-update` payload not yet checked (0 when it has none). */
export function updateWeight(payload: unknown): number {
  const elements = (payload as { elements?: unknown } | null | undefined)?.elements;
  if (!Array.isArray(elements)) return 0;
  let weight = elements.length;
  for (const element of elements) {
    const points = (element as { points?: unknown } | null | undefined)?.points;
    if (Array.isArray(points)) weight += points.length;
  }
  return weight;
}

/**
 * Resolves after the I/O callbacks that are ready now (other sockets' messages) have run: the
 * next step of a large update waits behind them.
 */
export const nextTurn: () => Promise<void> = afterWaitingIo;
