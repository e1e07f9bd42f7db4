/**
 * What the Undo of a clear brings back (docs/clearing.md): the elements the clear at
 * `revision` deleted that are still deleted, as they were just before it; everything else
 * stays as it is now (a selective restore to the revision before the clear).
 */
import { DomainError, NOT_A_CLEAR, getSceneElement, orderElements } from '@tabula/domain';
import type { SceneElement, UndoClearData } from '@tabula/domain';
import type { AppContext } from '../../../appContext';
import { readCanvasLog } from '../history/canvasLog';

/** Someone undid this clear already (nothing it deleted is still deleted). */
export const CLEAR_ALREADY_UNDONE = 'That clear was already undone.';

export async function undoClearData(
  context: Pick<AppContext, 'eventStore' | 'scenes'>,
  canvasId: string,
  revision: number,
  head: number,
): Promise<UndoClearData> {
  if (!Number.isSafeInteger(revision) || revision < 1 || revision > head)
    throw new DomainError('INVALID', NOT_A_CLEAR);
  const [logged] = await readCanvasLog(context.eventStore, canvasId, {
    from: revision,
    maxCount: 1,
  });
  const event = logged?.event;
  if (event?.type !== 'LineDrawn' || event.data.cleared !== true)
    throw new DomainError('INVALID', NOT_A_CLEAR);
  const before = await context.scenes.sceneAt(canvasId, revision - 1);
  const now = (await context.scenes.of(canvasId)).elements;
  const nowById = new Map(now.map((element) => [element.id, element]));
  const back: SceneElement[] = [];
  for (const { id } of event.data.elements) {
    const then = getSceneElement(before, id);
    if (then && !then.isDeleted && nowById.get(id)?.isDeleted !== false) back.push(then);
  }
  if (back.length === 0) throw new DomainError('CONFLICT', CLEAR_ALREADY_UNDONE);
  const ids = new Set(back.map((element) => element.id));
  const kept = now.filter((element) => !element.isDeleted && !ids.has(element.id));
  return {
    canvasId,
    clearedRevision: revision,
    elements: orderElements([...kept, ...back]),
    elementIds: [...ids],
  };
}
