/** Scene reconciliation and the scene fold (pure; see reconcile.ts for the rule). */
export { ALLOWED_ELEMENT_TYPES, isAllowedElementType } from './elementTypes';
export { applySceneEvent, evolveScene, restoreElements, winningUpserts } from './evolveScene';
export type { SceneEvent } from './evolveScene';
export { compareElementCopies, compareSceneOrder, orderElements, reconcile } from './reconcile';
export type { ReconcileOptions } from './reconcile';
export { applyPointPatch, pointPatch } from './ink';
export type { InkPoint, InkPointPatch } from './ink';
export { getSceneElement, liveElements, sceneElements, tombstone, toScene } from './scene';
export type { Scene, SceneElement, SceneInput } from './scene.types';
export { completeElement } from './completeElement';
