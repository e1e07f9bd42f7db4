/**
 * The commands about clearing a board (`clearing.ts`): the owner's setting, and the undo of a
 * clear. Whether a drawing clears, and whether its author may, is `drawLine`'s check
 * (`assertMayClear`).
 */
import { DomainError } from '../shared/errors';
import { eventMetadataFor } from '../shared/eventMetadata';
import {
  CLEARING_NOT_ALLOWED,
  EMPTY_UPDATE,
  INVALID_REVISION,
  NOT_ALLOWED,
} from '../shared/strings';
import type { SetCollaboratorClearing, UndoClear } from './canvas.commands';
import type { CanvasRestored, CollaboratorClearingSet } from './canvas.events';
import type { ActiveCanvas } from './canvas.state';
import { mayClearCanvas } from './canvas.state';

/**
 * Only the owner turns collaborators' clearing on or off; setting what is already set records
 * nothing.
 */
export function setCollaboratorClearing(
  canvas: ActiveCanvas,
  command: SetCollaboratorClearing,
): CollaboratorClearingSet[] {
  if (canvas.ownerId !== command.metadata.actorId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  const { allowed } = command.data;
  if (allowed === canvas.collaboratorsCanClear) return [];
  return [
    {
      type: 'CollaboratorClearingSet',
      data: { canvasId: canvas.canvasId, allowed },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** A drawing that clears the board, from someone the owner does not let clear it, is refused. */
export function assertMayClear(canvas: ActiveCanvas, actorId: string): void {
  if (!mayClearCanvas(canvas, actorId)) throw new DomainError('FORBIDDEN', CLEARING_NOT_ALLOWED);
}

/**
 * The owner or a collaborator undoes a clear (anyone who saw its notice): the elements it
 * deleted come back as they were before it, as a selective restore to the revision before.
 */
export function undoClear(canvas: ActiveCanvas, command: UndoClear): [CanvasRestored] {
  const { clearedRevision, elements, elementIds } = command.data;
  if (!Number.isSafeInteger(clearedRevision) || clearedRevision < 1)
    throw new DomainError('INVALID', INVALID_REVISION);
  if (elementIds.length === 0) throw new DomainError('INVALID', EMPTY_UPDATE);
  return [
    {
      type: 'CanvasRestored',
      data: {
        canvasId: canvas.canvasId,
        toRevision: clearedRevision - 1,
        elements,
        elementIds,
        undoesClear: clearedRevision,
      },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}
