/** Events of a `canvas-<canvasId>` stream. */
import type { SceneElement } from '../scene/index';
import type { Event } from '../shared/messages';

export interface CanvasCreatedData {
  canvasId: string;
  ownerId: string;
  /** Trimmed, 1..100 characters. */
  name: string;
  /** Set on a fork: the canvas and revision whose scene the new canvas started from. */
  forkedFrom?: { canvasId: string; revision: number };
}
export type CanvasCreated = Event<'CanvasCreated', CanvasCreatedData>;

export interface CanvasRenamedData {
  canvasId: string;
  name: string;
}
export type CanvasRenamed = Event<'CanvasRenamed', CanvasRenamedData>;

export interface CanvasDeletedData {
  canvasId: string;
  /**
   * Who collaborated on it when it was deleted (they lose it from their lists). The stream is
   * erased after the deletion, so the event says it rather than the history.
   */
  collaborators?: string[];
}
export type CanvasDeleted = Event<'CanvasDeleted', CanvasDeletedData>;

/**
 * When each step of a gesture happened, for replay: per element id, the milliseconds from the
 * gesture's start of each of its points (freedraw, lines) or of each change (text typed, a
 * shape dragged or resized). Non-decreasing numbers.
 */
export type GestureTiming = Record<string, number[]>;

export interface LineDrawnData {
  canvasId: string;
  /** The element upserts of one gesture, tombstones (`isDeleted: true`) included. */
  elements: SceneElement[];
  /** How the gesture unfolded in time (absent for changes recorded without it). */
  timing?: GestureTiming;
  /** Set when the change cleared the canvas (`clearing.ts`), as the server judged it. */
  cleared?: true;
}
export type LineDrawn = Event<'LineDrawn', LineDrawnData>;

export interface UserInvitedData {
  canvasId: string;
  userId: string;
  invitedBy: string;
}
export type UserInvited = Event<'UserInvited', UserInvitedData>;

export interface InvitationAcceptedData {
  canvasId: string;
  userId: string;
}
export type InvitationAccepted = Event<'InvitationAccepted', InvitationAcceptedData>;

/** The owner removed a collaborator (or withdrew a pending invitation). */
export interface CollaboratorRemovedData {
  canvasId: string;
  userId: string;
}
export type CollaboratorRemoved = Event<'CollaboratorRemoved', CollaboratorRemovedData>;

export interface CollaboratorLeftData {
  canvasId: string;
  userId: string;
}
export type CollaboratorLeft = Event<'CollaboratorLeft', CollaboratorLeftData>;

/**
 * The owner restored the canvas to the scene it had at `toRevision`. `elements` is the
 * complete element set of that scene (computed by the server from the log); the scene fold
 * (`evolveScene`) turns it into upserts and tombstones, so a restore is new history, never a
 * rewrite.
 */
export interface CanvasRestoredData {
  canvasId: string;
  toRevision: number;
  elements: SceneElement[];
  /** Set on a selective restore: only these elements were brought back as they were. */
  elementIds?: string[];
  /** Set when this restore undoes the clear stored at that revision ("Undo" on its notice). */
  undoesClear?: number;
}
export type CanvasRestored = Event<'CanvasRestored', CanvasRestoredData>;

/** A collaborator named a revision ("Name this version"): history, never the scene. */
export interface CheckpointNamedData {
  canvasId: string;
  revision: number;
  /** Trimmed, 1..60 characters. */
  label: string;
}
export type CheckpointNamed = Event<'CheckpointNamed', CheckpointNamedData>;

/**
 * The owner created a view-only link. The link's secret is never stored: only its SHA-256
 * (base64url), against which a viewer's token is checked. `linkId` names it in lists.
 */
export interface ShareLinkCreatedData {
  canvasId: string;
  linkId: string;
  tokenHash: string;
}
export type ShareLinkCreated = Event<'ShareLinkCreated', ShareLinkCreatedData>;

/** The owner revoked a view-only link: its viewers are disconnected and it opens nothing. */
export interface ShareLinkRevokedData {
  canvasId: string;
  linkId: string;
  tokenHash: string;
}
export type ShareLinkRevoked = Event<'ShareLinkRevoked', ShareLinkRevokedData>;

/**
 * The owner let collaborators clear the board, or stopped them (`clearing.ts`). Absent from a
 * stream: allowed.
 */
export interface CollaboratorClearingSetData {
  canvasId: string;
  allowed: boolean;
}
export type CollaboratorClearingSet = Event<'CollaboratorClearingSet', CollaboratorClearingSetData>;

export type CanvasEvent =
  | CanvasCreated
  | CanvasRenamed
  | CanvasDeleted
  | LineDrawn
  | UserInvited
  | InvitationAccepted
  | CollaboratorRemoved
  | CollaboratorLeft
  | CanvasRestored
  | CheckpointNamed
  | ShareLinkCreated
  | ShareLinkRevoked
  | CollaboratorClearingSet;

/** Every canvas event type, for subscriptions and projections. */
export const CANVAS_EVENT_TYPES: readonly CanvasEvent['type'][] = [
  'CanvasCreated',
  'CanvasRenamed',
  'CanvasDeleted',
  'LineDrawn',
  'UserInvited',
  'InvitationAccepted',
  'CollaboratorRemoved',
  'CollaboratorLeft',
  'CanvasRestored',
  'CheckpointNamed',
  'ShareLinkCreated',
  'ShareLinkRevoked',
  'CollaboratorClearingSet',
];
