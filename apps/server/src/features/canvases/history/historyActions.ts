/**
 * The write side of history: restore (all of a revision, or some elements of it), fork a
 * revision into a new personal canvas, and name a version. Each is a command through the
 * canvas aggregate: nothing in the log is ever rewritten.
 */
import { MAX_CANVAS_NAME_LENGTH, liveElements, orderElements } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { CanvasSummary, Checkpoint } from '@tabula/domain/protocol';
import type { CanvasesService } from '../canvases.service';
import { toSummary } from '../canvases.service';
import type { SceneTimeline } from './sceneTimeline';

export class HistoryActions {
  constructor(
    private readonly canvases: CanvasesService,
    private readonly timeline: SceneTimeline,
    private readonly newId: () => string,
  ) {}

  /**
   * Puts back the scene of `revision` (or only `elementIds` as they were then, the rest as it
   * is now) as a new `CanvasRestored`. Owner only (the aggregate answers 'Not allowed!').
   */
  async restore(
    userId: string,
    canvasId: string,
    head: number,
    request: { revision: number; elementIds?: string[] },
  ): Promise<{ revision: number }> {
    const then = await this.timeline.sceneAt(canvasId, request.revision);
    let elements: SceneElement[] = liveElements(then);
    if (request.elementIds !== undefined) {
      const chosen = new Set(request.elementIds);
      const now = await this.timeline.sceneAt(canvasId, head);
      elements = [
        ...liveElements(now).filter((element) => !chosen.has(element.id)),
        ...elements.filter((element) => chosen.has(element.id)),
      ];
    }
    const data = { canvasId, toRevision: request.revision, elements: orderElements(elements) };
    const result = await this.canvases.execute(userId, {
      type: 'RestoreCanvas',
      data: request.elementIds === undefined ? data : { ...data, elementIds: request.elementIds },
    });
    return { revision: result.revision };
  }

  /** A new personal canvas of `userId` holding the scene of `revision`. */
  async fork(
    userId: string,
    canvasId: string,
    request: { revision: number; name?: string },
  ): Promise<CanvasSummary> {
    const source = await this.canvases.doc(canvasId);
    const scene = await this.timeline.sceneAt(canvasId, request.revision);
    const forkId = this.newId();
    await this.canvases.execute(userId, {
      type: 'CreateCanvas',
      data: {
        canvasId: forkId,
        name: request.name ?? copyName(source.name),
        forkedFrom: {
          canvasId,
          revision: request.revision,
          elements: orderElements(liveElements(scene)),
        },
      },
    });
    return toSummary(await this.canvases.doc(forkId));
  }

  /** Names `revision` (a `CheckpointNamed`); owner or collaborator. */
  async checkpoint(
    userId: string,
    canvasId: string,
    request: { revision: number; label: string },
  ): Promise<Pick<Checkpoint, 'revision' | 'label'>> {
    const result = await this.canvases.execute(userId, {
      type: 'NameCheckpoint',
      data: { canvasId, revision: request.revision, label: request.label },
    });
    const [event] = result.events as { data: { label: string } }[];
    return { revision: request.revision, label: event?.data.label ?? request.label.trim() };
  }
}

/** "<name> (copy)", cut so it stays a valid canvas name. */
function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, MAX_CANVAS_NAME_LENGTH - suffix.length)}${suffix}`;
}
