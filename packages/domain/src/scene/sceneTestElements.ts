/** Test helper: a minimal rectangle element with overridable fields. Tests only. */
import type { SceneElement } from './scene.types';

/** A live rectangle `id` at version 1, nonce 0, index null, with `fields` applied. */
export function element(id: string, fields: Partial<SceneElement> = {}): SceneElement {
  return {
    id,
    type: 'rectangle',
    version: 1,
    versionNonce: 0,
    isDeleted: false,
    index: null,
    x: 0,
    y: 0,
    ...fields,
  };
}
