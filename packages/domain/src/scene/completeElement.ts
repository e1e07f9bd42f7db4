/**
 * A complete Excalidraw element: every field Excalidraw keeps, at its usual default, with
 * `fields` over them (a rectangle unless they say otherwise). For content the server or a
 * tool creates itself (the demo accounts' sample canvas, generated histories, tests), so the
 * editor renders it exactly as if it had been drawn.
 */
import type { SceneElement } from './scene.types';

export function completeElement(fields: Record<string, unknown>): SceneElement {
  return {
    type: 'rectangle',
    version: 2,
    versionNonce: 1,
    isDeleted: false,
    x: 100,
    y: 100,
    width: 70,
    height: 50,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: 1,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
    ...fields,
  } as unknown as SceneElement;
}
