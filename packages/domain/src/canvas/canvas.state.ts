/** The state of one canvas stream, how each event changes it, and questions about it. */
import type { CanvasEvent } from './canvas.events';

export interface NoCanvas {
  status: 'none';
}

export interface ActiveCanvas {
  status: 'active';
  canvasId: string;
  ownerId: string;
  name: string;
  /** When it was created (the `timestamp` of REST's canvas summary). */
  createdAt: string;
  /** Users who accepted an invitation and were not removed since and did not leave. */
  collaborators: readonly string[];
  /** Users with a pending invitation. Never overlaps `collaborators`; never the owner. */
  invited: readonly string[];
  /** The view-only links not revoked, oldest first. */
  shareLinks: readonly ShareLinkState[];
  /** Whether collaborators may clear the board (the owner always may). Default true. */
  collaboratorsCanClear: boolean;
}

/** A view-only link as the aggregate knows it. */
export interface ShareLinkState {
  linkId: string;
  tokenHash: string;
  /** ISO-8601. */
  createdAt: string;
}

export interface DeletedCanvas {
  status: 'deleted';
  canvasId: string;
  ownerId: string;
}

export type CanvasState = NoCanvas | ActiveCanvas | DeletedCanvas;

/** The state of a stream with no events. */
export function initialCanvasState(): CanvasState {
  return { status: 'none' };
}

/**
 * The events that change the scene only (the scene fold's business, `applySceneEvent`): the
 * canvas's state, who may read and do what, is the same without them. A reader that needs only
 * that state may skip them unread (a long canvas's log is almost all drawings).
 */
export const SCENE_ONLY_EVENTS = [
  'LineDrawn',
  'CanvasRestored',
  'CheckpointNamed',
] as const satisfies readonly CanvasEvent['type'][];

type SceneOnlyEvent = Extract<CanvasEvent, { type: (typeof SCENE_ONLY_EVENTS)[number] }>;

/** True for an event of `SCENE_ONLY_EVENTS`. */
export function changesSceneOnly(event: CanvasEvent): event is SceneOnlyEvent {
  return (SCENE_ONLY_EVENTS as readonly string[]).includes(event.type);
}

/** [C23] Applies one event. Total and pure: an event that does not fit the state leaves it as is. */
export function evolveCanvas(state: CanvasState, event: CanvasEvent): CanvasState {
  if (changesSceneOnly(event)) return state;
  if (event.type === 'CanvasCreated') {
    if (state.status !== 'none') return state;
    const { canvasId, ownerId, name } = event.data;
    const createdAt = event.metadata.occurredAt;
    return {
      status: 'active',
      canvasId,
      ownerId,
      name,
      createdAt,
      collaborators: [],
      invited: [],
      shareLinks: [],
      collaboratorsCanClear: true,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'CanvasRenamed':
      return { ...state, name: event.data.name };
    case 'CanvasDeleted':
      return { status: 'deleted', canvasId: state.canvasId, ownerId: state.ownerId };
    case 'UserInvited':
      return { ...state, invited: withUser(state.invited, event.data.userId) };
    case 'InvitationAccepted':
      return {
        ...state,
        collaborators: withUser(state.collaborators, event.data.userId),
        invited: withoutUser(state.invited, event.data.userId),
      };
    case 'CollaboratorRemoved':
    case 'CollaboratorLeft':
      return {
        ...state,
        collaborators: withoutUser(state.collaborators, event.data.userId),
        invited: withoutUser(state.invited, event.data.userId),
      };
    case 'ShareLinkCreated': {
      const { linkId, tokenHash } = event.data;
      const link = { linkId, tokenHash, createdAt: event.metadata.occurredAt };
      return { ...state, shareLinks: [...state.shareLinks, link] };
    }
    case 'ShareLinkRevoked':
      return {
        ...state,
        shareLinks: state.shareLinks.filter((link) => link.linkId !== event.data.linkId),
      };
    case 'CollaboratorClearingSet':
      return { ...state, collaboratorsCanClear: event.data.allowed };
    default: {
      const unknown: never = event;
      return ignore(state, unknown);
    }
  }
}

/** Events of a newer version are ignored rather than crashing a replay. */
function ignore(state: CanvasState, _event: never): CanvasState {
  return state;
}

function withUser(users: readonly string[], userId: string): readonly string[] {
  return users.includes(userId) ? users : [...users, userId];
}

function withoutUser(users: readonly string[], userId: string): readonly string[] {
  return users.includes(userId) ? users.filter((id) => id !== userId) : users;
}

/** [C21] True when `userId` owns this existing canvas. */
export function isOwner(state: CanvasState, userId: string): boolean {
  return state.status === 'active' && state.ownerId === userId;
}

/** [C21] True when `userId` currently collaborates on this existing canvas. */
export function isCollaborator(state: CanvasState, userId: string): boolean {
  return state.status === 'active' && state.collaborators.includes(userId);
}

/** [C21] True when `userId` has a pending invitation to this existing canvas. */
export function isInvited(state: CanvasState, userId: string): boolean {
  return state.status === 'active' && state.invited.includes(userId);
}

/**
 * [C21] True when `userId` may read (and draw on) the canvas: it exists and they own it or
 * collaborate on it. An invitee may read it only after accepting.
 */
export function canRead(state: CanvasState, userId: string): boolean {
  return isOwner(state, userId) || isCollaborator(state, userId);
}

/**
 * [C22] A canvas is live while it exists and has at least one collaborator or a pending
 * invitation. Live canvases are the ones shared in real time (the owner's
 * `get-admin-of-canvases`, the collaborators' `all-collaborator-canvases`).
 */
export function isLive(state: CanvasState): boolean {
  return state.status === 'active' && (state.collaborators.length > 0 || state.invited.length > 0);
}

/** True when `userId` may clear the board: the owner always, a collaborator unless turned off. */
export function mayClearCanvas(state: CanvasState, userId: string): boolean {
  return (
    isOwner(state, userId) ||
    (isCollaborator(state, userId) && state.status === 'active' && state.collaboratorsCanClear)
  );
}
