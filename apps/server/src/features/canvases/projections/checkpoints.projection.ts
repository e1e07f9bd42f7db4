/**
 * Named versions of each canvas ("Name this version"), with the query that reads them: one
 * hash per canvas, field = the naming event's revision. Dropped with the canvas.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { Checkpoint } from '@tabula/domain/protocol';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import { dropKey, hashSet } from '../../../infrastructure/readModels/readModelStore';
import type { Projection } from '../../../projections/projection';

const checkpointsKey = (canvasId: string) => `checkpoints:${canvasId}`;

export const checkpointsProjection: Projection = {
  name: 'checkpoints',
  handles: new Set(['CheckpointNamed', 'CanvasDeleted']),
  async project(record) {
    const event = record.event as Event as CanvasEvent;
    if (event.type === 'CanvasDeleted')
      return [dropKey('hash', checkpointsKey(event.data.canvasId))];
    if (event.type !== 'CheckpointNamed') return [];
    const checkpoint: Checkpoint = {
      revision: event.data.revision,
      label: event.data.label,
      actorId: event.metadata.actorId,
      occurredAt: event.metadata.occurredAt,
    };
    return [hashSet(checkpointsKey(event.data.canvasId), String(record.revision), checkpoint)];
  },
};

/** The canvas's named versions, in the order they were named. */
export async function checkpointsOf(
  readModels: ReadModelStore,
  canvasId: string,
): Promise<Checkpoint[]> {
  const named = await readModels.hashGetAll<Checkpoint>(checkpointsKey(canvasId));
  return [...named.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, checkpoint]) => checkpoint);
}
