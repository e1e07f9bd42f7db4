/**
 * What each canvas command decides. One function per command; `decideCanvas` dispatches.
 * Check order: the canvas exists, then the actor may act, then the input is valid, then
 * the change is not a conflict.
 */
import { MAX_CHECKPOINT_LABEL_LENGTH, MIN_CHECKPOINT_LABEL_LENGTH } from '../protocol/history';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import type { SceneElement } from '../scene/index';
import { isAllowedElementType } from '../scene/index';
import { DomainError } from '../shared/errors';
import { eventMetadataFor } from '../shared/eventMetadata';
import type { Decider } from '../shared/messages';
import {
  CANNOT_INVITE_YOURSELF,
  CANNOT_REMOVE_YOURSELF,
  CANVAS_ALREADY_EXISTS,
  CANVAS_NOT_ACCESSIBLE,
  CANVAS_NOT_FOUND,
  ELEMENT_TYPE_NOT_ALLOWED,
  EMPTY_UPDATE,
  INVALID_CHECKPOINT_LABEL,
  INVALID_INVITATION,
  INVALID_REQUEST,
  INVALID_REVISION,
  NOT_A_COLLABORATOR,
  NOT_ALLOWED,
  SAME_NAME_CANNOT_UPDATE,
  TOO_MANY_ELEMENTS,
  USER_ALREADY_JOINED,
} from '../shared/strings';
import type {
  AcceptInvitation,
  CanvasCommand,
  CreateCanvas,
  DeleteCanvas,
  DrawLine,
  InviteUser,
  LeaveCanvas,
  NameCheckpoint,
  RemoveCollaborator,
  RenameCanvas,
  RestoreCanvas,
} from './canvas.commands';
import type {
  CanvasCreated,
  CanvasDeleted,
  CanvasEvent,
  CanvasRenamed,
  CanvasRestored,
  CheckpointNamed,
  CollaboratorLeft,
  CollaboratorRemoved,
  InvitationAccepted,
  LineDrawn,
  UserInvited,
} from './canvas.events';
import { normaliseCanvasName } from './canvas.rules';
import { createShareLink, revokeShareLink } from './shareLinks.decide';
import { assertMayClear, setCollaboratorClearing, undoClear } from './clearing.decide';
import type { ActiveCanvas, CanvasState } from './canvas.state';
import {
  canRead,
  evolveCanvas,
  initialCanvasState,
  isCollaborator,
  isInvited,
} from './canvas.state';

/**
 * [C1] [C2] [C3] The actor creates a canvas they own. A fork also records where it came from
 * and, when that scene has elements, draws them as the canvas's first gesture.
 */
export function createCanvas(
  state: CanvasState,
  command: CreateCanvas,
): [CanvasCreated] | [CanvasCreated, LineDrawn] {
  if (state.status !== 'none') throw new DomainError('CONFLICT', CANVAS_ALREADY_EXISTS);
  const { canvasId, forkedFrom } = command.data;
  if (canvasId === '') throw new DomainError('INVALID', INVALID_REQUEST);
  const name = normaliseCanvasName(command.data.name);
  const metadata = eventMetadataFor(command.metadata);
  if (forkedFrom === undefined) {
    return [
      {
        type: 'CanvasCreated',
        data: { canvasId, ownerId: command.metadata.actorId, name },
        metadata,
      },
    ];
  }
  assertRevision(forkedFrom.revision);
  assertAllowedTypes(forkedFrom.elements);
  const created: CanvasCreated = {
    type: 'CanvasCreated',
    data: {
      canvasId,
      ownerId: command.metadata.actorId,
      name,
      forkedFrom: { canvasId: forkedFrom.canvasId, revision: forkedFrom.revision },
    },
    metadata,
  };
  if (forkedFrom.elements.length === 0) return [created];
  const drawn: LineDrawn = {
    type: 'LineDrawn',
    data: { canvasId, elements: forkedFrom.elements },
    metadata: eventMetadataFor(command.metadata, 1),
  };
  return [created, drawn];
}

/** [C4] [C3] [C5] Only the owner renames, to a valid name that differs from the current one. */
export function renameCanvas(state: CanvasState, command: RenameCanvas): [CanvasRenamed] {
  const canvas = ownedBy(state, command);
  const name = normaliseCanvasName(command.data.name);
  if (name === canvas.name) throw new DomainError('CONFLICT', SAME_NAME_CANNOT_UPDATE);
  return [
    {
      type: 'CanvasRenamed',
      data: { canvasId: canvas.canvasId, name },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** [C6] Only the owner deletes. */
export function deleteCanvas(state: CanvasState, command: DeleteCanvas): [CanvasDeleted] {
  const canvas = ownedBy(state, command);
  return [
    {
      type: 'CanvasDeleted',
      data: { canvasId: canvas.canvasId, collaborators: [...canvas.collaborators] },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/**
 * [C17] [C18] [C19] The owner or a collaborator records one gesture: 1..1000 element upserts,
 * each of an allowed type. A gesture that clears the board (`clears`, judged by the server with
 * `isClearing`) is marked so, and refused from a collaborator when the owner turned that off.
 */
export function drawLine(state: CanvasState, command: DrawLine): [LineDrawn] {
  const canvas = visible(state, command);
  const { elements, timing, clears } = command.data;
  if (elements.length === 0) throw new DomainError('INVALID', EMPTY_UPDATE);
  if (elements.length > MAX_ELEMENTS_PER_UPDATE)
    throw new DomainError('INVALID', TOO_MANY_ELEMENTS);
  assertAllowedTypes(elements);
  if (clears === true) assertMayClear(canvas, command.metadata.actorId);
  const data: LineDrawn['data'] = { canvasId: canvas.canvasId, elements };
  if (timing !== undefined) data.timing = timing;
  if (clears === true) data.cleared = true;
  return [{ type: 'LineDrawn', data, metadata: eventMetadataFor(command.metadata) }];
}

/**
 * [C8] [C9] [C10] [C11] Only the owner invites, never themselves nor a current collaborator. Inviting
 * someone whose invitation is pending records a new invitation (it is sent again).
 */
export function inviteUser(state: CanvasState, command: InviteUser): [UserInvited] {
  const canvas = ownedBy(state, command);
  const { userId } = command.data;
  if (userId === '') throw new DomainError('INVALID', INVALID_REQUEST);
  if (userId === canvas.ownerId) throw new DomainError('INVALID', CANNOT_INVITE_YOURSELF);
  if (isCollaborator(canvas, userId)) throw new DomainError('CONFLICT', USER_ALREADY_JOINED);
  return [
    {
      type: 'UserInvited',
      data: { canvasId: canvas.canvasId, userId, invitedBy: command.metadata.actorId },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** [C12] [C13] The actor accepts their own pending invitation. */
export function acceptInvitation(
  state: CanvasState,
  command: AcceptInvitation,
): [InvitationAccepted] {
  const canvas = existing(state, command);
  const userId = command.metadata.actorId;
  if (!isInvited(canvas, userId)) {
    // Only someone who can see the canvas learns that it exists.
    if (!canRead(canvas, userId)) throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
    throw new DomainError('CONFLICT', INVALID_INVITATION);
  }
  return [
    {
      type: 'InvitationAccepted',
      data: { canvasId: canvas.canvasId, userId },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** [C14] [C15] Only the owner removes a collaborator or withdraws a pending invitation. */
export function removeCollaborator(
  state: CanvasState,
  command: RemoveCollaborator,
): [CollaboratorRemoved] {
  const canvas = ownedBy(state, command);
  const { userId } = command.data;
  if (userId === canvas.ownerId) throw new DomainError('INVALID', CANNOT_REMOVE_YOURSELF);
  if (!isCollaborator(canvas, userId) && !isInvited(canvas, userId)) {
    throw new DomainError('CONFLICT', NOT_A_COLLABORATOR);
  }
  return [
    {
      type: 'CollaboratorRemoved',
      data: { canvasId: canvas.canvasId, userId },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** [C16] A collaborator leaves; the owner (or anyone else) cannot. */
export function leaveCanvas(state: CanvasState, command: LeaveCanvas): [CollaboratorLeft] {
  const canvas = visible(state, command);
  const userId = command.metadata.actorId;
  if (!isCollaborator(canvas, userId)) throw new DomainError('FORBIDDEN', CANVAS_NOT_ACCESSIBLE);
  return [
    {
      type: 'CollaboratorLeft',
      data: { canvasId: canvas.canvasId, userId },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/**
 * [C20] Only the owner restores, to a revision that is a non-negative integer, with
 * elements of allowed types (no count cap: a whole scene may exceed one gesture's).
 */
export function restoreCanvas(state: CanvasState, command: RestoreCanvas): [CanvasRestored] {
  const canvas = ownedBy(state, command);
  const { toRevision, elements, elementIds } = command.data;
  assertRevision(toRevision);
  assertAllowedTypes(elements);
  if (elementIds !== undefined && elementIds.length === 0) {
    throw new DomainError('INVALID', EMPTY_UPDATE);
  }
  const data = { canvasId: canvas.canvasId, toRevision, elements };
  return [
    {
      type: 'CanvasRestored',
      data: elementIds === undefined ? data : { ...data, elementIds },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** The owner or a collaborator names a revision (1..60 characters after trim). */
export function nameCheckpoint(state: CanvasState, command: NameCheckpoint): [CheckpointNamed] {
  const canvas = visible(state, command);
  assertRevision(command.data.revision);
  const label = command.data.label.trim();
  if (label.length < MIN_CHECKPOINT_LABEL_LENGTH || label.length > MAX_CHECKPOINT_LABEL_LENGTH) {
    throw new DomainError('INVALID', INVALID_CHECKPOINT_LABEL);
  }
  return [
    {
      type: 'CheckpointNamed',
      data: { canvasId: canvas.canvasId, revision: command.data.revision, label },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

/** Dispatches a canvas command to its function. Throws `DomainError` when refused. */
export function decideCanvas(state: CanvasState, command: CanvasCommand): CanvasEvent[] {
  switch (command.type) {
    case 'CreateCanvas':
      return createCanvas(state, command);
    case 'RenameCanvas':
      return renameCanvas(state, command);
    case 'DeleteCanvas':
      return deleteCanvas(state, command);
    case 'DrawLine':
      return drawLine(state, command);
    case 'InviteUser':
      return inviteUser(state, command);
    case 'AcceptInvitation':
      return acceptInvitation(state, command);
    case 'RemoveCollaborator':
      return removeCollaborator(state, command);
    case 'LeaveCanvas':
      return leaveCanvas(state, command);
    case 'RestoreCanvas':
      return restoreCanvas(state, command);
    case 'NameCheckpoint':
      return nameCheckpoint(state, command);
    case 'CreateShareLink':
      return createShareLink(state, command);
    case 'RevokeShareLink':
      return revokeShareLink(state, command);
    case 'SetCollaboratorClearing':
      return setCollaboratorClearing(visible(state, command), command);
    case 'UndoClear': {
      const canvas = visible(state, command);
      assertAllowedTypes(command.data.elements);
      return undoClear(canvas, command);
    }
    default: {
      const unknown: never = command;
      throw new DomainError('INVALID', `Unknown command ${(unknown as CanvasCommand).type}`);
    }
  }
}

/** The canvas aggregate (stream `canvas-<canvasId>`). */
export const canvasDecider = {
  initialState: initialCanvasState,
  decide: decideCanvas,
  evolve: evolveCanvas,
} satisfies Decider<CanvasState, CanvasCommand, CanvasEvent>;

/** The event-store stream of one canvas. */
export function canvasStreamName(canvasId: string): string {
  return `canvas-${canvasId}`;
}

/** [C7] Nothing but creation is accepted by a canvas that does not exist or was deleted. */
function existing(state: CanvasState, command: CanvasCommand): ActiveCanvas {
  if (state.status !== 'active') throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  if (state.canvasId !== command.data.canvasId) throw new DomainError('INVALID', INVALID_REQUEST);
  return state;
}

/**
 * An existing canvas the actor may see (owner or collaborator), else NOT_FOUND: to anyone
 * else a canvas that is not theirs answers exactly as one that does not exist, so canvas ids
 * cannot be probed.
 */
export function visible(state: CanvasState, command: CanvasCommand): ActiveCanvas {
  const canvas = existing(state, command);
  if (!canRead(canvas, command.metadata.actorId))
    throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  return canvas;
}

/** A canvas the actor owns; a collaborator gets FORBIDDEN 'Not allowed!', anyone else 404. */
function ownedBy(state: CanvasState, command: CanvasCommand): ActiveCanvas {
  const canvas = visible(state, command);
  if (canvas.ownerId !== command.metadata.actorId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return canvas;
}

/** A revision is a whole number >= 0 (whether it exists is the caller's check against the log). */
function assertRevision(revision: number): void {
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new DomainError('INVALID', INVALID_REVISION);
  }
}

/** [C19] Every element is of one of Excalidraw's drawing types (no embeds). */
function assertAllowedTypes(elements: readonly SceneElement[]): void {
  if (!elements.every((element) => isAllowedElementType(element.type))) {
    throw new DomainError('INVALID', ELEMENT_TYPE_NOT_ALLOWED);
  }
}
