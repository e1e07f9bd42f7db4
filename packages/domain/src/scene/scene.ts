/**
 * Building and reading `Scene` records. Every access goes through own properties only, so
 * an element id like `__proto__` or `constructor` is data, never a prototype lookup.
 */
import { mergeById, orderElements } from './reconcile';
import type { Scene, SceneElement, SceneInput } from './scene.types';
import { elementsOf } from './reconcile';

/** A scene holding `elements` (copies of one id are merged by the reconciliation rule). */
export function toScene(elements: SceneInput): Scene {
  return Object.fromEntries(mergeById(elementsOf(elements)));
}

/** A scene's elements, tombstones included, in scene order. */
export function sceneElements(scene: Scene): SceneElement[] {
  return orderElements(Object.values(scene));
}

/** The live (not deleted) elements of a scene, in scene order. */
export function liveElements(scene: Scene): SceneElement[] {
  return sceneElements(scene).filter((element) => !element.isDeleted);
}

/** `element` deleted: a tombstone one version above it, so it wins on every replica. */
export function tombstone(element: SceneElement): SceneElement {
  return { ...element, isDeleted: true, version: element.version + 1 };
}

/** The element stored under `id`, or undefined (own properties only). */
export function getSceneElement(scene: Scene, id: string): SceneElement | undefined {
  return Object.hasOwn(scene, id) ? scene[id] : undefined;
}

/** Stores `element` under its id in a mutable scene record, safely for any id. */
export function putSceneElement(scene: Record<string, SceneElement>, element: SceneElement): void {
  Object.defineProperty(scene, element.id, {
    value: element,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
