import type { SceneElement } from '@tabula/domain';

/**
 * Remembers the version of every element as the editor last held it without a local change
 * (what was reported, or what was applied from peers), so that a change of the editor's scene
 * can be reported as deltas: the elements whose version moved since.
 */
export interface DeltaTracker {
  /**
   * The elements whose version differs from the one last seen, skipping the ids in `skipIds`
   * (their versions are not recorded, so they are reported once they are no longer skipped).
   */
  takeDeltas(elements: readonly SceneElement[], skipIds?: ReadonlySet<string>): SceneElement[];
  /** True once an element with this id was reported or marked seen (it existed before). */
  has(id: string): boolean;
  /** Records these copies as the editor's, without reporting them (initial scene, peers' changes). */
  markSeen(elements: Iterable<SceneElement>): void;
}

/** A fresh tracker that has seen nothing. */
export function createDeltaTracker(): DeltaTracker {
  const versions = new Map<string, number>();
  return {
    takeDeltas(elements, skipIds) {
      const deltas: SceneElement[] = [];
      for (const element of elements) {
        if (skipIds?.has(element.id) || versions.get(element.id) === element.version) continue;
        versions.set(element.id, element.version);
        deltas.push(element);
      }
      return deltas;
    },
    has(id) {
      return versions.has(id);
    },
    markSeen(elements) {
      for (const element of elements) versions.set(element.id, element.version);
    },
  };
}
