/**
 * Deletion that deletes: once a `CanvasDeleted` is in the read models, the canvas's stream is
 * erased from the event store (the bodies gone, only the audit record of who deleted it and
 * when kept), and its snapshots purged. The read models drop the canvas on the event itself
 * (canvases, scenes, checkpoints projections), so a rebuild after the erasure never sees it.
 */
import { canvasStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { FileStore } from '../../../infrastructure/files/fileStore';
import type { SceneTimeline } from './sceneTimeline';

export type EraseCanvas = (canvasId: string, actorId: string) => Promise<void>;

export function canvasEraser(
  eventStore: EventStore<Event>,
  timeline: SceneTimeline,
  files?: FileStore,
): EraseCanvas {
  return async (canvasId, actorId) => {
    // Snapshots and files first, once no snapshot is still being written: the store's
    // erasure then checkpoints the WAL over all of them.
    await timeline.settled();
    await timeline.purge(canvasId);
    await files?.purgeCanvas(canvasId);
    await eventStore.erase(canvasStreamName(canvasId), { actorId, reason: 'canvas deleted' });
  };
}
