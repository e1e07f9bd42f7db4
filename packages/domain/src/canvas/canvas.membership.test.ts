import { describe, it } from 'vitest';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import {
  CANNOT_INVITE_YOURSELF,
  CANNOT_REMOVE_YOURSELF,
  CANVAS_NOT_ACCESSIBLE,
  CANVAS_NOT_FOUND,
  ELEMENT_TYPE_NOT_ALLOWED,
  EMPTY_UPDATE,
  INVALID_INVITATION,
  INVALID_REQUEST,
  NOT_A_COLLABORATOR,
  NOT_ALLOWED,
  TOO_MANY_ELEMENTS,
  USER_ALREADY_JOINED,
} from '../shared/strings';
import { deciderSpec } from '../testing/deciderSpec';
import { canvasDecider } from './canvas.decide';
import {
  BOB,
  CANVAS_ID,
  CAROL,
  OWNER,
  accepted,
  canvasCommand,
  canvasEvent,
  created,
  invited,
  stroke,
  withCollaborator,
} from './canvas.testkit';

const spec = deciderSpec(canvasDecider);
const invite = (actor: string, userId: string) =>
  canvasCommand('InviteUser', { canvasId: CANVAS_ID, userId }, actor);
const accept = (actor: string) => canvasCommand('AcceptInvitation', { canvasId: CANVAS_ID }, actor);
const remove = (actor: string, userId: string) =>
  canvasCommand('RemoveCollaborator', { canvasId: CANVAS_ID, userId }, actor);
const leave = (actor: string) => canvasCommand('LeaveCanvas', { canvasId: CANVAS_ID }, actor);
const draw = (actor: string, elements = [stroke('a')]) =>
  canvasCommand('DrawLine', { canvasId: CANVAS_ID, elements }, actor);
const removed = (userId: string) =>
  canvasEvent('CollaboratorRemoved', { canvasId: CANVAS_ID, userId }, OWNER, `e-rm-${userId}`);

describe('invitations', () => {
  it('[C8] only the owner invites', () => {
    spec.given(withCollaborator(BOB)).when(invite(BOB, CAROL)).thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec
      .given([created])
      .when(invite(OWNER, BOB))
      .then([
        canvasEvent('UserInvited', { canvasId: CANVAS_ID, userId: BOB, invitedBy: OWNER }, OWNER),
      ]);
  });

  it('[C9] the owner cannot invite themselves', () => {
    spec.given([created]).when(invite(OWNER, OWNER)).thenThrows('INVALID', CANNOT_INVITE_YOURSELF);
  });

  it('[C10] inviting someone who already collaborates is a conflict', () => {
    spec
      .given(withCollaborator(BOB))
      .when(invite(OWNER, BOB))
      .thenThrows('CONFLICT', USER_ALREADY_JOINED);
  });

  it('[C11] inviting a pending invitee again sends the invitation again', () => {
    spec
      .given([created, invited(BOB)])
      .when(invite(OWNER, BOB))
      .then([
        canvasEvent('UserInvited', { canvasId: CANVAS_ID, userId: BOB, invitedBy: OWNER }, OWNER),
      ]);
  });

  it('[C12] accepting without a pending invitation is refused', () => {
    spec.given([created]).when(accept(BOB)).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    spec
      .given([created, invited(BOB)])
      .when(accept(CAROL))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    spec.given(withCollaborator(BOB)).when(accept(BOB)).thenThrows('CONFLICT', INVALID_INVITATION);
    spec
      .given([created, invited(BOB), removed(BOB)])
      .when(accept(BOB))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
  });

  it('[C13] the invitee accepts their own invitation', () => {
    spec
      .given([created, invited(BOB)])
      .when(accept(BOB))
      .then([canvasEvent('InvitationAccepted', { canvasId: CANVAS_ID, userId: BOB }, BOB)]);
  });
});

describe('removing and leaving', () => {
  it('[C14] only the owner removes', () => {
    const twoCollaborators = [...withCollaborator(BOB), invited(CAROL), accepted(CAROL)];
    spec.given(twoCollaborators).when(remove(BOB, CAROL)).thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec
      .given(twoCollaborators)
      .when(remove(OWNER, CAROL))
      .then([canvasEvent('CollaboratorRemoved', { canvasId: CANVAS_ID, userId: CAROL }, OWNER)]);
  });

  it('[C15] the owner removes a collaborator or pending invitee, never themselves', () => {
    spec
      .given([created, invited(BOB)])
      .when(remove(OWNER, BOB))
      .then([canvasEvent('CollaboratorRemoved', { canvasId: CANVAS_ID, userId: BOB }, OWNER)]);
    spec.given([created]).when(remove(OWNER, BOB)).thenThrows('CONFLICT', NOT_A_COLLABORATOR);
    spec.given([created]).when(remove(OWNER, OWNER)).thenThrows('INVALID', CANNOT_REMOVE_YOURSELF);
  });

  it('[C16] a collaborator can leave, the owner cannot', () => {
    spec
      .given(withCollaborator(BOB))
      .when(leave(BOB))
      .then([canvasEvent('CollaboratorLeft', { canvasId: CANVAS_ID, userId: BOB }, BOB)]);
    spec
      .given(withCollaborator(BOB))
      .when(leave(OWNER))
      .thenThrows('FORBIDDEN', CANVAS_NOT_ACCESSIBLE);
    spec.given(withCollaborator(BOB)).when(leave(CAROL)).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    spec
      .given([created, invited(CAROL)])
      .when(leave(CAROL))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
  });
});

describe('drawing', () => {
  it('[C17] only the owner and collaborators draw', () => {
    const line = (actor: string) =>
      canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: [stroke('a')] }, actor);
    spec
      .given(withCollaborator(BOB))
      .when(draw(OWNER))
      .then([line(OWNER)]);
    spec
      .given(withCollaborator(BOB))
      .when(draw(BOB))
      .then([line(BOB)]);
    spec.given(withCollaborator(BOB)).when(draw(CAROL)).thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    spec
      .given([created, invited(CAROL)])
      .when(draw(CAROL))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
  });

  it('[C18] a removed collaborator can no longer draw, a departed one neither (404, as to anyone who cannot see it)', () => {
    spec
      .given([...withCollaborator(BOB), removed(BOB)])
      .when(draw(BOB))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
    const left = canvasEvent(
      'CollaboratorLeft',
      { canvasId: CANVAS_ID, userId: BOB },
      BOB,
      'e-left',
    );
    spec
      .given([...withCollaborator(BOB), left])
      .when(draw(BOB))
      .thenThrows('NOT_FOUND', CANVAS_NOT_FOUND);
  });

  it('[C19] a gesture carries 1..1000 elements of allowed types, tombstones included', () => {
    const many = Array.from({ length: MAX_ELEMENTS_PER_UPDATE }, (_, i) => stroke(`e${i}`));
    const tombstone = stroke('a', { isDeleted: true, version: 2 });
    spec
      .given([created])
      .when(draw(OWNER, [tombstone]))
      .then([canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: [tombstone] }, OWNER)]);
    spec
      .given([created])
      .when(draw(OWNER, many))
      .then([canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: many }, OWNER)]);
    spec.given([created]).when(draw(OWNER, [])).thenThrows('INVALID', EMPTY_UPDATE);
    spec
      .given([created])
      .when(draw(OWNER, [...many, stroke('one-too-many')]))
      .thenThrows('INVALID', TOO_MANY_ELEMENTS);
    spec
      .given([created])
      .when(draw(OWNER, [stroke('a'), stroke('frame', { type: 'embeddable' })]))
      .thenThrows('INVALID', ELEMENT_TYPE_NOT_ALLOWED);
  });

  it('[C24] a command addressed to another canvas id is invalid', () => {
    spec
      .given([created])
      .when(canvasCommand('DrawLine', { canvasId: 'canvas-2', elements: [stroke('a')] }, OWNER))
      .thenThrows('INVALID', INVALID_REQUEST);
  });
});
