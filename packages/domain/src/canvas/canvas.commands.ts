/**
 * Commands to a canvas stream. Who asks is always `metadata.actorId` (from the session),
 * never a payload field: the owner of a new canvas, the inviter, the accepter, the leaver.
 */
import type { SceneElement } from '../scene/index';
import type { Command } from '../shared/messages';
import type { GestureTiming } from './canvas.events';

export interface CreateCanvasData {
  canvasId: string;
  /** Required here: a friendly random name for an unnamed canvas is the server's job. */
  name: string;
  /** A fork: where the scene comes from, and that scene's live elements. */
  forkedFrom?: { canvasId: string; revision: number; elements: SceneElement[] };
}
export type CreateCanvas = Command<'CreateCanvas', CreateCanvasData>;

export interface RenameCanvasData {
  canvasId: string;
  name: string;
}
export type RenameCanvas = Command<'RenameCanvas', RenameCanvasData>;

export interface DeleteCanvasData {
  canvasId: string;
}
export type DeleteCanvas = Command<'DeleteCanvas', DeleteCanvasData>;

export interface DrawLineData {
  canvasId: string;
  elements: SceneElement[];
  timing?: GestureTiming;
  /** The change clears the canvas (`isClearing`, judged by the server against its scene). */
  clears?: boolean;
}
export type DrawLine = Command<'DrawLine', DrawLineData>;

export interface InviteUserData {
  canvasId: string;
  /** The invitee. */
  userId: string;
}
export type InviteUser = Command<'InviteUser', InviteUserData>;

export interface AcceptInvitationData {
  canvasId: string;
}
export type AcceptInvitation = Command<'AcceptInvitation', AcceptInvitationData>;

export interface RemoveCollaboratorData {
  canvasId: string;
  /** The collaborator (or pending invitee) to remove. */
  userId: string;
}
export type RemoveCollaborator = Command<'RemoveCollaborator', RemoveCollaboratorData>;

export interface LeaveCanvasData {
  canvasId: string;
}
export type LeaveCanvas = Command<'LeaveCanvas', LeaveCanvasData>;

export interface RestoreCanvasData {
  canvasId: string;
  toRevision: number;
  /** The complete element set of the scene to put back (computed by the server). */
  elements: SceneElement[];
  /** A selective restore: the elements brought back as they were at `toRevision`. */
  elementIds?: string[];
}
export type RestoreCanvas = Command<'RestoreCanvas', RestoreCanvasData>;

export interface NameCheckpointData {
  canvasId: string;
  revision: number;
  label: string;
}
export type NameCheckpoint = Command<'NameCheckpoint', NameCheckpointData>;

/** The owner creates a view-only link (the server draws the secret and hashes it). */
export interface CreateShareLinkData {
  canvasId: string;
  linkId: string;
  tokenHash: string;
}
export type CreateShareLink = Command<'CreateShareLink', CreateShareLinkData>;

export interface RevokeShareLinkData {
  canvasId: string;
  linkId: string;
}
export type RevokeShareLink = Command<'RevokeShareLink', RevokeShareLinkData>;

/** The owner lets collaborators clear the board, or stops them. */
export interface SetCollaboratorClearingData {
  canvasId: string;
  allowed: boolean;
}
export type SetCollaboratorClearing = Command<
  'SetCollaboratorClearing',
  SetCollaboratorClearingData
>;

/**
 * Anyone on the canvas undoes a clear: the elements it deleted come back as they were before
 * it (the server checked that `clearedRevision` is a clear and computed them).
 */
export interface UndoClearData {
  canvasId: string;
  clearedRevision: number;
  /** The scene before the clear, every element (as a restore's `elements`). */
  elements: SceneElement[];
  /** The elements the clear deleted: only these are brought back. */
  elementIds: string[];
}
export type UndoClear = Command<'UndoClear', UndoClearData>;

export type CanvasCommand =
  | CreateCanvas
  | RenameCanvas
  | DeleteCanvas
  | DrawLine
  | InviteUser
  | AcceptInvitation
  | RemoveCollaborator
  | LeaveCanvas
  | RestoreCanvas
  | NameCheckpoint
  | CreateShareLink
  | RevokeShareLink
  | SetCollaboratorClearing
  | UndoClear;
