/**
 * Deletion that deletes: once a `CanvasDeleted` is in the read models, the canvas's stream is
 * erased from the event store (the bodies gone, only the audit record of who deleted it and
 * when kept), and its snapshots purged. The read models drop the canvas on the event itself
 * (canvases, scenes, checkpoints projections), so a rebuild after the erasure never sees it.
 */
import { canvasStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { SceneTimeline } from './sceneTimeline';

export type EraseCanvas = (canvasId: string, actorId: string) => Promise<void>;

export function canvasEraser(eventStore: EventStore<Event>, timeline: SceneTimeline): EraseCanvas {
  return async (canvasId, actorId) => {
    // Snapshots first, once none is still being written: the store's erasure then
    // checkpoints the WAL over both.
    await timeline.settled();
    await timeline.purge(canvasId);
    await eventStore.erase(canvasStreamName(canvasId), { actorId, reason: 'canvas deleted' });
  };
}
