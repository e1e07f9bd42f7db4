/**
 * Rebuilds every read model from the log: clear this store's keys, then replay the whole log
 * through the projections. Safe to run while nothing else writes to the same read models.
 */
import type { Event } from '@tabula/domain';
import type { EventStore } from '../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../infrastructure/readModels/readModelStore';
import type { Projection } from './projection';
import { ProjectionRunner } from './projectionRunner';

export async function rebuildProjections(
  eventStore: EventStore<Event>,
  readModels: ReadModelStore,
  projections: readonly Projection[],
): Promise<{ position: number }> {
  await readModels.clear();
  const runner = new ProjectionRunner(eventStore, readModels, projections);
  try {
    await runner.start();
    return { position: runner.currentPosition };
  } finally {
    runner.stop();
  }
}
