/**
 * A fork's images: `POST /canvas/fork/:id` copies the scene, whose image elements keep the
 * `fileId`s of the canvas forked from. On the first read of such a file the fork takes the
 * mapping from its origin (following forks of forks), so it keeps the file even once the
 * origin is deleted. Only files the fork's own scene shows are inherited: a fork never opens
 * the origin's other files to someone who may no longer read the origin.
 */
import { canvasStreamName } from '@tabula/domain';
import type { Event, SceneElement } from '@tabula/domain';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { FileStore, StoredFile } from '../../../infrastructure/files/fileStore';
import type { CurrentScenes } from '../projections/currentScenes';

/** How many forks back a file is looked for. */
const MAX_FORK_DEPTH = 16;

export interface ForkedFilesDeps {
  eventStore: EventStore<Event>;
  scenes: Pick<CurrentScenes, 'of'>;
  store: FileStore;
}

/** The canvas `canvasId` was forked from, or undefined. */
async function originOf(eventStore: EventStore<Event>, canvasId: string) {
  const [first] = await eventStore.readStream(canvasStreamName(canvasId), { maxCount: 1 });
  if (first?.event.type !== 'CanvasCreated') return undefined;
  return (first.event.data as { forkedFrom?: { canvasId: string } }).forkedFrom?.canvasId;
}

const showsFile = (elements: SceneElement[], fileId: string) =>
  elements.some(
    (element) =>
      element.type === 'image' &&
      !element.isDeleted &&
      (element as { fileId?: unknown }).fileId === fileId,
  );

/** The file a fork's scene shows under `fileId`, copied from its origin; null when none. */
export async function inheritFile(
  deps: ForkedFilesDeps,
  canvasId: string,
  fileId: string,
): Promise<StoredFile | null> {
  if (!showsFile((await deps.scenes.of(canvasId)).elements, fileId)) return null;
  let origin = await originOf(deps.eventStore, canvasId);
  for (let depth = 0; origin !== undefined && depth < MAX_FORK_DEPTH; depth += 1) {
    const file = await deps.store.get(origin, fileId);
    if (file) {
      await deps.store.put(canvasId, fileId, file);
      return file;
    }
    origin = await originOf(deps.eventStore, origin);
  }
  return null;
}
