import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';

/*
 * Small views of the domain's one reconciliation rule. Everything goes through `reconcile`, so
 * the widget, the collaboration client and the server can never disagree on a winner.
 */

/** True when `candidate` beats `current` (two copies of the same element) under `reconcile`. */
export function beats(candidate: SceneElement, current: SceneElement): boolean {
  return reconcile([current], [candidate])[0] === candidate;
}

/** One winning copy per id, in scene order. */
export function inSceneOrder(elements: Iterable<SceneElement>): SceneElement[] {
  return reconcile([], Array.from(elements));
}

/** One winning copy per id, keyed by id. */
export function byId(elements: Iterable<SceneElement>): Map<string, SceneElement> {
  return new Map(inSceneOrder(elements).map((element) => [element.id, element]));
}
