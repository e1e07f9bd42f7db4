/**
 * The local user's reports (`LocalChanges`): within a gesture the editor reports the same array
 * with the edited element changed in place, and those reports read the edited element alone,
 * not the scene; what else changed in place meanwhile is committed when the gesture ends.
 */
import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { rect } from '../test/elements';
import { createDeltaTracker } from '../scene/deltaTracker';
import { LocalChanges } from './localChanges';

/** The array, counting the elements read from it by index. */
function counted(elements: SceneElement[]) {
  let reads = 0;
  const array = new Proxy(elements, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { array, reads: () => reads, reset: () => (reads = 0) };
}

const dragging = (...ids: string[]) => ({
  selectedElementIds: Object.fromEntries(ids.map((id) => [id, true as const])),
  selectedElementsAreBeingDragged: true,
});

describe('LocalChanges', () => {
  it('reads only the edited element while a gesture goes on, and sends its ink each time', () => {
    const tracker = createDeltaTracker();
    const board = Array.from({ length: 5000 }, (_, n) => rect(`e${n}`));
    tracker.markSeen(board);
    const local = new LocalChanges(tracker, () => false);
    const scene = counted(board);
    const moved = board[42]!;

    expect(local.report(scene.array, dragging('e42'), 0).editing).toEqual(new Set(['e42']));
    for (let step = 1; step <= 10; step++) {
      scene.reset();
      Object.assign(moved, { x: step, version: moved.version + 1 });
      const report = local.report(scene.array, dragging('e42'), step * 16);
      expect(scene.reads()).toBe(0);
      expect(report.inkChanged).toBe(true);
      expect(report.commit).toEqual([]);
      expect(local.nextInk('c')).not.toBeNull();
    }
  });

  it('commits what changed in place beside the gesture once it ends', () => {
    const tracker = createDeltaTracker();
    const board = [rect('shape'), rect('arrow'), rect('other')];
    tracker.markSeen(board);
    const local = new LocalChanges(tracker, () => false);
    local.report(board, dragging('shape'), 0);
    // The editor moves the shape and the arrow bound to it, in place, in the same array.
    Object.assign(board[0]!, { x: 5, version: 2 });
    Object.assign(board[1]!, { x: 5, version: 2 });
    expect(local.report(board, dragging('shape'), 16).commit).toEqual([]);
    const ended = local.report(board, {}, 32);
    expect(ended.ended).toEqual(['shape']);
    expect(ended.commit.map((element) => element.id).sort()).toEqual(['arrow', 'shape']);
  });

  it('looks at the whole scene again when the editor reports a new array mid-gesture', () => {
    const tracker = createDeltaTracker();
    const board = [rect('shape'), rect('peer')];
    tracker.markSeen(board);
    const local = new LocalChanges(tracker, () => false);
    local.report(board, dragging('shape'), 0);
    // A new array (a peer's change applied, an element added): scanned at once.
    const next = [board[0]!, rect('peer', 2), rect('added')];
    const report = local.report(next, dragging('shape'), 16);
    expect(report.commit.map((element) => element.id).sort()).toEqual(['added', 'peer']);
  });
});
