import { compareSceneOrder, orderElements } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { firstIndex } from './firstIndex';

/** Above this many changes one sort beats inserting each. */
const MANY_CHANGES = 64;

/** Where `element` goes in `ordered` (scene order) by binary search. */
function insertionPoint(ordered: readonly SceneElement[], element: SceneElement): number {
  return firstIndex(ordered.length, (index) => compareSceneOrder(ordered[index]!, element) >= 0);
}

/**
 * `ordered` (live elements in scene order) with `changes` laid over it: each id's element
 * replaces the copy in place (moved if its index changed), a tombstone removes it. A new array;
 * O(n + changes·log n), so a frame with a few growing strokes never re-sorts the scene.
 */
export function overlay(
  ordered: readonly SceneElement[],
  changes: ReadonlyMap<string, SceneElement>,
): SceneElement[] {
  if (changes.size === 0) return ordered as SceneElement[];
  const result = ordered.filter((element) => !changes.has(element.id));
  if (changes.size > MANY_CHANGES) {
    for (const element of changes.values()) if (!element.isDeleted) result.push(element);
    return orderElements(result);
  }
  for (const element of changes.values()) {
    if (!element.isDeleted) result.splice(insertionPoint(result, element), 0, element);
  }
  return result;
}
