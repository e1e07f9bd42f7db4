/**
 * The scene as a fold over canvas events. Pure and deterministic (no clock, no randomness),
 * so the server's projection can be rebuilt from the log and always gives the same scene.
 */
import { compareElementCopies, mergeById } from './reconcile';
import { getSceneElement, putSceneElement, tombstone } from './scene';
import type { Scene, SceneElement } from './scene.types';

/**
 * The events that change a scene, typed by shape: `LineDrawn` carries the element upserts
 * of one gesture (tombstones included); `CanvasRestored` carries the complete element set
 * of the revision being restored.
 */
export interface SceneEvent {
  type: 'LineDrawn' | 'CanvasRestored';
  data: { elements: readonly SceneElement[] };
}

/** The scene after `event` (a new record; `scene` is not changed). */
export function evolveScene(scene: Scene, event: SceneEvent): Scene {
  const next: Record<string, SceneElement> = { ...scene };
  applySceneEvent(next, event);
  return next;
}

/**
 * Applies `event` to a mutable scene record in place: for projections that fold many events
 * and do not want a copy of the whole scene per event. Same result as `evolveScene`.
 */
export function applySceneEvent(scene: Record<string, SceneElement>, event: SceneEvent): void {
  for (const element of winningUpserts(scene, event)) putSceneElement(scene, element);
}

/**
 * The elements `event` puts into `scene`: its upserts (a restore's computed against the
 * scene) that win over the scene's copies, each id once. `scene` needs to hold only the
 * elements the event names (all of them for a restore), so a projection can fetch just those.
 */
export function winningUpserts(scene: Scene, event: SceneEvent): SceneElement[] {
  const upserts =
    event.type === 'LineDrawn' ? event.data.elements : restoreElements(scene, event.data.elements);
  const winners = new Map<string, SceneElement>();
  for (const element of upserts) {
    const current = winners.get(element.id) ?? getSceneElement(scene, element.id);
    if (current === undefined || compareElementCopies(element, current) > 0) {
      winners.set(element.id, element);
    }
  }
  return [...winners.values()];
}

/**
 * The element upserts that make `restored` the live content of `scene`:
 * - a restored element the scene already holds unchanged (or deleted on both sides): nothing;
 * - a restored element newer than the scene's copy (or unknown to the scene): as given;
 * - otherwise the restored content with `version` one above the scene's copy, so that it
 *   wins on every replica;
 * - a live scene element absent from `restored`: a tombstone with `version` bumped by one.
 * Already deleted elements absent from `restored` stay as they are. Every upsert wins over
 * the scene's copy, so a client applying them through `reconcile` sees the restore too.
 */
export function restoreElements(scene: Scene, restored: readonly SceneElement[]): SceneElement[] {
  const restoredById = mergeById(restored);
  const upserts: SceneElement[] = [];
  for (const [id, element] of restoredById) {
    const current = getSceneElement(scene, id);
    if (current === undefined || element.version > current.version) {
      upserts.push(element);
    } else if (
      !(element.isDeleted && current.isDeleted) &&
      compareElementCopies(element, current) !== 0
    ) {
      upserts.push({ ...element, version: current.version + 1 });
    }
  }
  for (const current of Object.values(scene)) {
    if (!current.isDeleted && !restoredById.has(current.id)) {
      upserts.push(tombstone(current));
    }
  }
  return upserts;
}
