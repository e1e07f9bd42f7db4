import type { SceneElement } from '@tabula/domain';

/**
 * Remembers the highest version seen of every element, so that a change of the scene can be
 * reported as deltas: only the elements whose version rose since the last look.
 */
export interface DeltaTracker {
  /**
   * The elements whose version is above the one last seen, skipping the ids in `skipIds`
   * (their versions are not recorded, so they are reported once they are no longer skipped).
   */
  takeDeltas(elements: readonly SceneElement[], skipIds?: ReadonlySet<string>): SceneElement[];
  /** Records versions without reporting them (initial scene, changes applied from peers). */
  markSeen(elements: Iterable<SceneElement>): void;
}

/** A fresh tracker that has seen nothing. */
export function createDeltaTracker(): DeltaTracker {
  const versions = new Map<string, number>();
  return {
    takeDeltas(elements, skipIds) {
      const deltas: SceneElement[] = [];
      for (const element of elements) {
        if (skipIds?.has(element.id)) continue;
        const seen = versions.get(element.id);
        if (seen !== undefined && element.version <= seen) continue;
        versions.set(element.id, element.version);
        deltas.push(element);
      }
      return deltas;
    },
    markSeen(elements) {
      for (const element of elements) {
        const seen = versions.get(element.id);
        if (seen === undefined || element.version > seen) versions.set(element.id, element.version);
      }
    },
  };
}
