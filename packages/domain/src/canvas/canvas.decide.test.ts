import { describe, it } from 'vitest';
import {
  CANVAS_ALREADY_EXISTS,
  CANVAS_NOT_FOUND,
  INVALID_CANVAS_NAME,
  INVALID_REVISION,
  NOT_ALLOWED,
  SAME_NAME_CANNOT_UPDATE,
} from '../shared/strings';
import { deciderSpec } from '../testing/deciderSpec';
import { canvasDecider } from './canvas.decide';
import {
  BOB,
  CANVAS_ID,
  OWNER,
  canvasCommand,
  canvasEvent,
  created,
  stroke,
  withCollaborator,
} from './canvas.testkit';

const spec = deciderSpec(canvasDecider);
const deleted = canvasEvent('CanvasDeleted', { canvasId: CANVAS_ID }, OWNER, 'e-deleted');

describe('canvas lifecycle', () => {
  it('[C1] the creator owns the new canvas', () => {
    spec
      .given([])
      .when(canvasCommand('CreateCanvas', { canvasId: CANVAS_ID, name: 'Plan' }, OWNER))
      .then([
        canvasEvent('CanvasCreated', { canvasId: CANVAS_ID, ownerId: OWNER, name: 'Plan' }, OWNER),
      ]);
  });

  it('[C2] a canvas is created once', () => {
    spec
      .given([created])
      .when(canvasCommand('CreateCanvas', { canvasId: CANVAS_ID, name: 'Again' }, OWNER))
      .thenThrows('CONFLICT', CANVAS_ALREADY_EXISTS);
  });

  it('[C3] names are trimmed and 1..100 characters after trim', () => {
    const create = (name: string) =>
      canvasCommand('CreateCanvas', { canvasId: CANVAS_ID, name }, OWNER);
    const rename = (name: string) =>
      canvasCommand('RenameCanvas', { canvasId: CANVAS_ID, name }, OWNER);
    const named = (name: string) =>
      canvasEvent('CanvasCreated', { canvasId: CANVAS_ID, ownerId: OWNER, name }, OWNER);
    spec
      .given([])
      .when(create('  Plan  '))
      .then([named('Plan')]);
    spec
      .given([])
      .when(create('x'.repeat(100)))
      .then([named('x'.repeat(100))]);
    spec.given([]).when(create('   ')).thenThrows('INVALID', INVALID_CANVAS_NAME);
    spec
      .given([])
      .when(create('x'.repeat(101)))
      .thenThrows('INVALID', INVALID_CANVAS_NAME);
    spec.given([created]).when(rename('')).thenThrows('INVALID', INVALID_CANVAS_NAME);
    spec
      .given([created])
      .when(rename(' Roadmap '))
      .then([canvasEvent('CanvasRenamed', { canvasId: CANVAS_ID, name: 'Roadmap' }, OWNER)]);
  });

  it('[C4] only the owner renames', () => {
    spec
      .given(withCollaborator(BOB))
      .when(canvasCommand('RenameCanvas', { canvasId: CANVAS_ID, name: 'Mine' }, BOB))
      .thenThrows('FORBIDDEN', NOT_ALLOWED);
  });

  it('[C5] renaming to the current name is a conflict', () => {
    spec
      .given([created])
      .when(canvasCommand('RenameCanvas', { canvasId: CANVAS_ID, name: ' Plan ' }, OWNER))
      .thenThrows('CONFLICT', SAME_NAME_CANNOT_UPDATE);
  });

  it('[C6] only the owner deletes, and the deletion names who loses the canvas', () => {
    const del = (actor: string) => canvasCommand('DeleteCanvas', { canvasId: CANVAS_ID }, actor);
    spec.given(withCollaborator(BOB)).when(del(BOB)).thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec
      .given(withCollaborator(BOB))
      .when(del(OWNER))
      .then([canvasEvent('CanvasDeleted', { canvasId: CANVAS_ID, collaborators: [BOB] }, OWNER)]);
  });

  it('[C7] nothing is accepted after delete, nor by a canvas that does not exist', () => {
    const after = [...withCollaborator(BOB), deleted];
    const commands = [
      canvasCommand('RenameCanvas', { canvasId: CANVAS_ID, name: 'New' }, OWNER),
      canvasCommand('DeleteCanvas', { canvasId: CANVAS_ID }, OWNER),
      canvasCommand('DrawLine', { canvasId: CANVAS_ID, elements: [stroke('a')] }, BOB),
      canvasCommand('InviteUser', { canvasId: CANVAS_ID, userId: 'user-dan' }, OWNER),
      canvasCommand('AcceptInvitation', { canvasId: CANVAS_ID }, BOB),
      canvasCommand('RemoveCollaborator', { canvasId: CANVAS_ID, userId: BOB }, OWNER),
      canvasCommand('LeaveCanvas', { canvasId: CANVAS_ID }, BOB),
      canvasCommand('RestoreCanvas', { canvasId: CANVAS_ID, toRevision: 0, elements: [] }, OWNER),
    ];
    for (const command of commands) {
      spec.given(after).when(command).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
      spec.given([]).when(command).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    }
    spec
      .given(after)
      .when(canvasCommand('CreateCanvas', { canvasId: CANVAS_ID, name: 'Reborn' }, OWNER))
      .thenThrows('CONFLICT', CANVAS_ALREADY_EXISTS);
  });

  it('[C20] only the owner restores, to a non-negative integer revision', () => {
    const restore = (actor: string, toRevision: number) =>
      canvasCommand(
        'RestoreCanvas',
        { canvasId: CANVAS_ID, toRevision, elements: [stroke('a')] },
        actor,
      );
    spec.given(withCollaborator(BOB)).when(restore(BOB, 1)).thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec.given([created]).when(restore(OWNER, -1)).thenThrows('INVALID', INVALID_REVISION);
    spec.given([created]).when(restore(OWNER, 1.5)).thenThrows('INVALID', INVALID_REVISION);
    spec
      .given([created])
      .when(restore(OWNER, 0))
      .then([
        canvasEvent(
          'CanvasRestored',
          { canvasId: CANVAS_ID, toRevision: 0, elements: [stroke('a')] },
          OWNER,
        ),
      ]);
  });

  it('[M1] events carry the command’s event id, actor, time and correlation id', () => {
    const command = canvasCommand('RenameCanvas', { canvasId: CANVAS_ID, name: 'B' }, OWNER, 'e-9');
    command.metadata = {
      ...command.metadata,
      now: '2030-05-05T00:00:00.000Z',
      correlationId: 'corr',
    };
    spec
      .given([created])
      .when(command)
      .then([
        {
          type: 'CanvasRenamed',
          data: { canvasId: CANVAS_ID, name: 'B' },
          metadata: {
            eventId: 'e-9',
            actorId: OWNER,
            occurredAt: '2030-05-05T00:00:00.000Z',
            correlationId: 'corr',
          },
        },
      ]);
  });
});
