/**
 * Socket.IO contract (PROTOCOL.md "Socket.IO"): socket.io-style maps of event name →
 * listener signature, used as `Server<ClientToServerEvents, ServerToClientEvents>` and
 * `Socket<ServerToClientEvents, ClientToServerEvents>`. Identity always comes from the
 * handshake token; a `userId`/`adminUserId` in a payload must equal the socket's user.
 */
import type { CanvasClearedMessage, UndoClearPayload, UndoClearResult } from './clearing';
import type { HistoryAppendedMessage } from './history';
import type {
  CanvasPeopleChanged,
  ListOnlineUsersPayload,
  OnlineUser,
  OnlineUsersChanged,
  OnlineUsersList,
  OnlineUsersPage,
} from './presence';
import type {
  CanvasResync,
  JoinCanvasChunked,
  JoinCanvasDownload,
  JoinCanvasResync,
  SceneChunk,
} from './sceneStream';
import type { GestureTiming } from '../canvas/canvas.events';
import type { InkPointPatch, SceneElement } from '../scene/index';
import type { DomainErrorCode } from '../shared/errors';

// ── Acks ───────────────────────────────────────────────────────────────────────────────

/** Codes of a refused socket message: the domain's, plus the edge's own. */
export type SocketErrorCode = DomainErrorCode | 'INTERNAL' | 'TOO_LARGE' | 'RATE_LIMITED';

/** Error of a refused message; `code` is a `SocketErrorCode`. */
export interface AckError {
  code: string;
  message: string;
  /** Present when the refusal is for now only (the minute's drawing budget): send it again after this many ms. */
  retryAfterMs?: number;
}

/** What an ack callback receives. */
export type AckResult<T> = { ok: true; data: T } | { ok: false; error: AckError };

/** The optional last-argument callback of a client → server event. */
export type Ack<T> = (result: AckResult<T>) => void;

/** `io(url, { auth })`. */
export interface HandshakeAuth {
  token: string;
  /** `'deltas'`: the initial list and changes instead of `get-online-users` (presence.ts). */
  presence?: 'deltas';
}

// ── Client → server payloads ───────────────────────────────────────────────────────────

/** A user as others see them online. */
/** `online`: announces the signed-in user (`userId` must be the socket's user). */
export type OnlinePayload = OnlineUser;

/** `invite-user`: `lines` is accepted for compatibility and ignored. */
export interface InviteUserPayload {
  toUserId: string;
  canvasId: string;
  lines?: unknown;
  canvasName: string;
}

export interface AcceptInvitationPayload {
  canvasId: string;
}

/** `remove-user`: `adminUserId` must be the socket's user. */
export interface RemoveUserPayload {
  adminUserId: string;
  canvasId: string;
  toUserId: string;
}

export interface LeaveCanvasPayload {
  canvasId: string;
}

/**
 * `join-canvas`: with `sinceRevision`, only what changed after it. With `download`, the client
 * can fetch a large scene over HTTP: it is then answered `{ kind: 'download' }`, not `chunked`.
 */
export interface JoinCanvasPayload {
  canvasId: string;
  sinceRevision?: number;
  download?: boolean;
}

/**
 * `canvas-update`: one gesture's final elements; resending the same `eventId` stores nothing
 * new. `timing` says when each point or step happened (milliseconds from the gesture's start,
 * per element id), so a replay draws the stroke at its pace.
 */
export interface CanvasUpdatePayload {
  canvasId: string;
  eventId: string;
  elements: SceneElement[];
  timing?: GestureTiming;
}

/**
 * `ink` (volatile, never stored): what the sender is drawing right now. `elements` are whole
 * elements being typed, moved or resized (or a stroke's first message); `patches` are the
 * freedraw points added since the sender's last message.
 */
export interface InkPayload {
  canvasId: string;
  elements?: SceneElement[];
  patches?: InkPointPatch[];
}

/** `pointer` (volatile). */
export interface PointerPayload {
  canvasId: string;
  x: number;
  y: number;
  tool?: string;
}

// ── Ack data ───────────────────────────────────────────────────────────────────────────

export interface CanvasRef {
  canvasId: string;
}

export interface InviteUserResult {
  canvasId: string;
  toUserId: string;
}

export interface RemoveUserResult {
  canvasId: string;
  userId: string;
}

/** `canvas-update` ack: the stream revision of the committed `LineDrawn`. */
export interface CanvasUpdateResult {
  revision: number;
}

/** One committed change to a scene (a `LineDrawn` or a `CanvasRestored`). */
export interface CanvasChange {
  revision: number;
  actorId: string;
  elements: SceneElement[];
}

/** `join-canvas` ack without `sinceRevision` (or when changes cannot be replayed): the scene. */
export interface JoinCanvasSnapshot {
  kind: 'snapshot';
  canvasId: string;
  revision: number;
  elements: SceneElement[];
}

/** `join-canvas` ack with `sinceRevision`: the changes after it, oldest first. */
export interface JoinCanvasChanges {
  kind: 'changes';
  canvasId: string;
  revision: number;
  changes: CanvasChange[];
}

/** A join's answer once whole: the scene, or the changes since `sinceRevision`. */
export type JoinedCanvas = JoinCanvasSnapshot | JoinCanvasChanges;

/**
 * `join-canvas`'s ack; a large scene comes in chunks (or, when asked, as a download), a
 * too-long catch-up says `resync`.
 */
export type JoinCanvasResult =
  JoinedCanvas | JoinCanvasChunked | JoinCanvasDownload | JoinCanvasResync;

// ── Server → client payloads ───────────────────────────────────────────────────────────

/** `if-logged-in`: `success: true` means another device of this user is online. */
export interface IfLoggedInMessage {
  success: boolean;
  message: string;
}

/** `get-online-users`: keyed by user id (no socket ids). */
export type OnlineUsers = Record<string, OnlineUser>;

/** `receive-invitation`: `username` is the inviter's. */
export interface ReceiveInvitation {
  canvasId: string;
  canvasName: string;
  adminUserId: string;
  adminProfilePhoto: string;
  username: string;
}

/** `error`. */
export interface ErrorMessage {
  message: string;
}

/** `invitation-accepted`, to the owner: message is '<username> joined the canvas'. */
export interface InvitationAcceptedMessage {
  canvasId: string;
  userId: string;
  message: string;
}

export type Collaborator = OnlineUser;

/** `collaborator-joined`: everyone on the canvas, owner included. */
export interface CollaboratorJoined {
  canvasId: string;
  collaborators: Collaborator[];
}

/**
 * `canvas-people`: who has the canvas open now (a board or its history), each user once; sent
 * once to the socket that opens it (before the open's ack). Changes follow as
 * `canvas-people-changed` (presence.ts).
 */
export interface CanvasPeopleMessage {
  canvasId: string;
  userIds: string[];
}

/** `collaborator-leaved`. */
export interface CollaboratorLeaved {
  canvasId: string;
  userId: string;
}

/** One entry of `all-collaborator-canvases`: `id` is the owner's (admin's) user id. */
export interface CollaboratorCanvas {
  canvasId: string;
  canvasName: string;
  id: string;
  /** When the drawing last changed (ISO-8601), as the canvas list's `editedAt`. */
  editedAt?: string;
}

/** `if-leave-canvas`. */
export interface IfLeaveCanvas {
  success: boolean;
}

/** `updated-canvas`: changes committed together may arrive together. */
export interface UpdatedCanvasMessage {
  canvasId: string;
  revision: number;
  actorId: string;
  elements: SceneElement[];
}

/**
 * `watch-canvas`'s ack: the socket listens to the canvas's room (history entries, membership,
 * deletion) without showing the board: no scene, no drawing frames, no ink.
 */
export interface WatchCanvasResult {
  canvasId: string;
  revision: number;
}

/** `canvas-deleted`. */
export interface CanvasDeletedMessage {
  canvasId: string;
  message: string;
}

/** `ink` to the room (sender excluded): a preview until the committed `updated-canvas`. */
export interface InkMessage extends InkPayload {
  actorId: string;
}

/** `pointer-moved` (volatile). */
export interface PointerMoved {
  canvasId: string;
  userId: string;
  username: string;
  x: number;
  y: number;
  tool?: string;
}

/** `auth.pointers` of a handshake that wants a room's cursors as `pointer-frame`s. */
export const POINTER_FRAMES = 'frames';

/**
 * `pointer-frame`, to a socket that asked for frames (`POINTER_FRAMES`) in place of
 * `pointer-moved`: the latest pointer of each peer that moved in one frame, in one message.
 */
export interface PointerFrame {
  canvasId: string;
  pointers: Omit<PointerMoved, 'canvasId'>[];
}

// ── The maps ───────────────────────────────────────────────────────────────────────────

/** What a client emits. Every ack is optional; the server answers errors without one via `error`. */
export interface ClientToServerEvents {
  'check-if-logged-in': (userId: string, ack?: Ack<IfLoggedInMessage>) => void;
  online: (payload: OnlinePayload, ack?: Ack<null>) => void;
  'get-all-collaborator-canvases': (ack?: Ack<CollaboratorCanvas[]>) => void;
  'invite-user': (payload: InviteUserPayload, ack?: Ack<InviteUserResult>) => void;
  'accept-invitation': (payload: AcceptInvitationPayload, ack?: Ack<CanvasRef>) => void;
  'remove-user': (payload: RemoveUserPayload, ack?: Ack<RemoveUserResult>) => void;
  'can-leave-canvas': (canvasId: string, ack?: Ack<IfLeaveCanvas>) => void;
  'leave-canvas': (payload: LeaveCanvasPayload, ack?: Ack<CanvasRef>) => void;
  'delete-canvas': (canvasId: string, ack?: Ack<CanvasRef>) => void;
  'log-out': (userId: string, ack?: Ack<null>) => void;
  'join-canvas': (payload: JoinCanvasPayload, ack?: Ack<JoinCanvasResult>) => void;
  'canvas-update': (payload: CanvasUpdatePayload, ack?: Ack<CanvasUpdateResult>) => void;
  pointer: (payload: PointerPayload) => void;
  ink: (payload: InkPayload, ack?: Ack<null>) => void;
  'close-canvas': (payload: CanvasRef, ack?: Ack<CanvasRef>) => void;
  'watch-canvas': (payload: CanvasRef, ack?: Ack<WatchCanvasResult>) => void;
  'list-online-users': (payload: ListOnlineUsersPayload, ack?: Ack<OnlineUsersPage>) => void;
  'undo-clear': (payload: UndoClearPayload, ack?: Ack<UndoClearResult>) => void;
}

/** What the server emits. */
export interface ServerToClientEvents {
  'if-logged-in': (payload: IfLoggedInMessage) => void;
  'get-online-users': (users: OnlineUsers) => void;
  'disconnected-user': (userId: string) => void;
  'receive-invitation': (payload: ReceiveInvitation) => void;
  error: (payload: ErrorMessage) => void;
  'invitation-accepted': (payload: InvitationAcceptedMessage) => void;
  'collaborator-joined': (payload: CollaboratorJoined) => void;
  'collaborator-leaved': (payload: CollaboratorLeaved) => void;
  'get-admin-of-canvases': (canvasIds: string[]) => void;
  'all-collaborator-canvases': (canvases: CollaboratorCanvas[]) => void;
  'if-leave-canvas': (payload: IfLeaveCanvas) => void;
  'updated-canvas': (payload: UpdatedCanvasMessage) => void;
  'canvas-deleted': (payload: CanvasDeletedMessage) => void;
  'pointer-moved': (payload: PointerMoved) => void;
  'pointer-frame': (payload: PointerFrame) => void;
  ink: (payload: InkMessage) => void;
  'history-appended': (payload: HistoryAppendedMessage) => void;
  'canvas-people': (payload: CanvasPeopleMessage) => void;
  'canvas-people-changed': (payload: CanvasPeopleChanged) => void;
  'online-users': (payload: OnlineUsersList) => void;
  'online-users-changed': (payload: OnlineUsersChanged) => void;
  'scene-chunk': (payload: SceneChunk) => void;
  'canvas-resync': (payload: CanvasResync) => void;
  'canvas-cleared': (payload: CanvasClearedMessage) => void;
}

/** Every client → server event name. */
export type ClientEventName = keyof ClientToServerEvents;

/**
 * The client → server event names at run time (the server refuses any other). A record keyed
 * by the type, so a missing or extra name fails to compile.
 */
const CLIENT_EVENT_SET: Record<ClientEventName, true> = {
  'check-if-logged-in': true,
  online: true,
  'get-all-collaborator-canvases': true,
  'invite-user': true,
  'accept-invitation': true,
  'remove-user': true,
  'can-leave-canvas': true,
  'leave-canvas': true,
  'delete-canvas': true,
  'log-out': true,
  'join-canvas': true,
  'canvas-update': true,
  pointer: true,
  ink: true,
  'close-canvas': true,
  'watch-canvas': true,
  'list-online-users': true,
  'undo-clear': true,
};
export const CLIENT_EVENT_NAMES = Object.keys(CLIENT_EVENT_SET) as readonly ClientEventName[];
/** Every server → client event name. */
export type ServerEventName = keyof ServerToClientEvents;
