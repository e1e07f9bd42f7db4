/**
 * The scene of every canvas, one hash field per element, merged with the domain's
 * reconciliation rule so it equals what every converged client holds.
 */
import { compareElementCopies, restoreElements } from '@tabula/domain';
import type { CanvasEvent, Event, SceneElement } from '@tabula/domain';
import type { ReadModelOp } from '../infrastructure/readModels/readModelStore';
import { dropKey, hashSet } from '../infrastructure/readModels/readModelStore';
import type { Projection } from './projection';
import { sceneKey } from './readModelKeys';

export const scenesProjection: Projection = {
  name: 'scenes',
  handles: new Set(['LineDrawn', 'CanvasRestored', 'CanvasDeleted']),
  async project(record, readModels) {
    const event = record.event as Event as CanvasEvent;
    const key = sceneKey(event.data.canvasId);
    if (event.type === 'CanvasDeleted') return [dropKey('hash', key)];
    if (event.type !== 'LineDrawn' && event.type !== 'CanvasRestored') return [];
    let upserts: readonly SceneElement[] = event.data.elements;
    if (event.type === 'CanvasRestored') {
      const scene = Object.fromEntries(await readModels.hashGetAll<SceneElement>(key));
      upserts = restoreElements(scene, event.data.elements);
    }
    const ops: ReadModelOp[] = [];
    for (const element of upserts) {
      const current = await readModels.hashGet<SceneElement>(key, element.id);
      if (!current || compareElementCopies(element, current) > 0)
        ops.push(hashSet(key, element.id, element));
    }
    return ops;
  },
};
