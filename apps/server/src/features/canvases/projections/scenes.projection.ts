/**
 * The scene of every canvas, one hash field per element, as the domain's scene fold
 * (`winningUpserts`) puts it, so it equals what every converged client holds. Its query sits
 * at the end.
 */
import { orderElements, winningUpserts } from '@tabula/domain';
import type { CanvasEvent, Event, SceneElement } from '@tabula/domain';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import { dropKey, hashSet } from '../../../infrastructure/readModels/readModelStore';
import type { Projection } from '../../../projections/projection';
import { sceneKey } from '../../../projections/readModelKeys';

export const scenesProjection: Projection = {
  name: 'scenes',
  handles: new Set(['LineDrawn', 'CanvasRestored', 'CanvasDeleted']),
  async project(record, readModels) {
    const event = record.event as Event as CanvasEvent;
    const key = sceneKey(event.data.canvasId);
    if (event.type === 'CanvasDeleted') return [dropKey('hash', key)];
    if (event.type !== 'LineDrawn' && event.type !== 'CanvasRestored') return [];
    // The fold needs the copies the event names; a restore compares with the whole scene.
    const current: Record<string, SceneElement> = {};
    if (event.type === 'CanvasRestored') {
      for (const [id, element] of await readModels.hashGetAll<SceneElement>(key))
        current[id] = element;
    } else {
      for (const { id } of event.data.elements) {
        const element = await readModels.hashGet<SceneElement>(key, id);
        if (element) current[id] = element;
      }
    }
    return winningUpserts(current, event).map((element) => hashSet(key, element.id, element));
  },
};

/** The canvas's scene in scene order, tombstones included. */
export async function sceneOf(
  readModels: ReadModelStore,
  canvasId: string,
): Promise<SceneElement[]> {
  return orderElements((await readModels.hashGetAll<SceneElement>(sceneKey(canvasId))).values());
}
