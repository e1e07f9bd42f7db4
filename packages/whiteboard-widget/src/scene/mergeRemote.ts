import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { beats, byId } from './sceneRules';

/** What applying a peer's elements to a local scene gives. */
export interface RemoteMerge {
  /** The whole merged scene in scene order, or `null` when nothing changed. */
  scene: SceneElement[] | null;
  /** The peer's copies that won and are now in the scene. */
  applied: SceneElement[];
  /** The peer's copies that would win but touch an element being edited: kept for later. */
  deferred: SceneElement[];
}

/**
 * Applies a peer's elements to the local scene with the domain's `reconcile`, except for the
 * elements the local user is editing, whose winning remote copies are returned as `deferred`
 * so that a stroke is not yanked away mid-gesture (re-apply them when the edit ends).
 */
export function mergeRemote(
  local: readonly SceneElement[],
  remote: readonly SceneElement[],
  editingIds: ReadonlySet<string> = new Set(),
): RemoteMerge {
  const localById = byId(local);
  const applied: SceneElement[] = [];
  const deferred: SceneElement[] = [];
  for (const element of byId(remote).values()) {
    const current = localById.get(element.id);
    if (current !== undefined && !beats(element, current)) continue;
    if (current !== undefined && editingIds.has(element.id)) deferred.push(element);
    else applied.push(element);
  }
  return { scene: applied.length > 0 ? reconcile(local, applied) : null, applied, deferred };
}

/** Remote copies held back while their element is edited locally, one (the best) per id. */
export class DeferredRemote {
  private readonly held = new Map<string, SceneElement>();

  /** Holds these copies (keeping the winner when an id is held twice). */
  hold(elements: readonly SceneElement[]): void {
    for (const element of elements) {
      const current = this.held.get(element.id);
      if (current === undefined || beats(element, current)) this.held.set(element.id, element);
    }
  }

  /** Removes and returns the copies whose element is no longer in `editingIds`. */
  release(editingIds: ReadonlySet<string>): SceneElement[] {
    const released: SceneElement[] = [];
    for (const [id, element] of this.held) {
      if (editingIds.has(id)) continue;
      this.held.delete(id);
      released.push(element);
    }
    return released;
  }

  /** Number of held copies. */
  get size(): number {
    return this.held.size;
  }
}
