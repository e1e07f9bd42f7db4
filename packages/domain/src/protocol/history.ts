/**
 * History, replay and erasure (PROTOCOL.md "History, replay and erasure"): what the history
 * calls answer and what `history-appended` carries. Types and bounds only.
 */
import type { GestureTiming } from '../canvas/canvas.events';
import type { SceneElement } from '../scene/index';

/** An element named in a summary: its id and Excalidraw type. */
export interface ElementRef {
  id: string;
  type: string;
}

/** What one gesture (or restore) did to the scene. */
export interface DrawingSummary {
  added: ElementRef[];
  changed: ElementRef[];
  deleted: ElementRef[];
  /** True when the change cleared the canvas (the domain's `isClearing`: "cleared the canvas"). */
  cleared?: boolean;
}

/** The summary of each event type, as small as the history list needs. */
export interface HistorySummaries {
  CanvasCreated: { name: string; forkedFrom?: { canvasId: string; revision: number } };
  CanvasRenamed: { name: string };
  CanvasDeleted: Record<string, never>;
  LineDrawn: DrawingSummary;
  UserInvited: { userId: string; username: string };
  InvitationAccepted: { userId: string; username: string };
  CollaboratorRemoved: { userId: string; username: string };
  CollaboratorLeft: { userId: string; username: string };
  CanvasRestored: DrawingSummary & {
    toRevision: number;
    elementIds?: string[];
    /** This restore undid the clear stored at that revision. */
    undoesClear?: number;
  };
  CheckpointNamed: { revision: number; label: string };
  ShareLinkCreated: { linkId: string };
  ShareLinkRevoked: { linkId: string };
  CollaboratorClearingSet: { allowed: boolean };
}

export type HistoryEntryType = keyof HistorySummaries;

/** One entry of a canvas's history: one event of its log. */
export type HistoryEntry = {
  [T in HistoryEntryType]: {
    revision: number;
    type: T;
    actorId: string;
    /** The actor's username ('' when the account no longer exists). */
    actorName: string;
    /** ISO-8601. */
    occurredAt: string;
    summary: HistorySummaries[T];
  };
}[HistoryEntryType];

/** GET /canvas/history/:id → `ApiResponse<HistoryPage>` */
export interface HistoryPage {
  entries: HistoryEntry[];
  /**
   * Where the next page starts, when there is one: pass it as `after` (ascending order) or
   * `before` (descending order).
   */
  next?: number;
}

/** The query of GET /canvas/history/:id; every field optional. */
export interface HistoryQuery {
  /** Exclusive: entries with a revision above this one. */
  after?: number;
  /** Exclusive: entries with a revision below this one. */
  before?: number;
  /** 1..500 (default 100). */
  limit?: number;
  /** Only this user's entries. */
  actor?: string;
  /** Only these event types. */
  types?: HistoryEntryType[];
  /** Default `'desc'` (newest first). */
  order?: 'asc' | 'desc';
}

/**
 * GET /canvas/scene/:id?revision=N → `ApiResponse<SceneAtRevision>`: the live elements
 * (tombstones left out) in scene order, and each drawing's timing for replay when asked.
 */
export interface SceneAtRevision {
  revision: number;
  elements: SceneElement[];
}

/** One step of GET /canvas/element-history/:id/:elementId ("who drew this"). */
export interface ElementHistoryItem {
  revision: number;
  actorId: string;
  actorName: string;
  occurredAt: string;
  version: number;
  isDeleted: boolean;
}

/** POST /canvas/restore/:id */
export interface RestoreRequest {
  revision: number;
  /** Only these elements, as they were at `revision` (selective restore). */
  elementIds?: string[];
}

/** POST /canvas/fork/:id → `ApiResponse<CanvasSummary>` of the new personal canvas. */
export interface ForkRequest {
  revision: number;
  name?: string;
}

/** POST /canvas/checkpoint/:id → `ApiResponse<{ revision, label }>` */
export interface CheckpointRequest {
  revision: number;
  label: string;
}

/** GET /canvas/checkpoints/:id → `ApiResponse<Checkpoint[]>`, oldest first. */
export interface Checkpoint {
  revision: number;
  label: string;
  actorId: string;
  occurredAt: string;
}

/**
 * GET /canvas/replay/:id?after=&limit= → `ApiResponse<ReplayPage>`: the drawing events of a
 * canvas with their element upserts and timing, for a player that animates strokes. Entries
 * are the same as the history's; `elements` are the event's upserts (a restore's are the
 * upserts that make its scene, tombstones included).
 */
export interface ReplayStep {
  entry: HistoryEntry;
  elements: SceneElement[];
  timing?: GestureTiming;
}
export interface ReplayPage {
  steps: ReplayStep[];
  next?: number;
}

/** `history-appended`: one new entry of a canvas the socket has open. */
export interface HistoryAppendedMessage {
  canvasId: string;
  entry: HistoryEntry;
}

/** Bounds of the history calls. */
export const MAX_HISTORY_PAGE = 500;
export const DEFAULT_HISTORY_PAGE = 100;
export const MAX_REPLAY_PAGE = 1000;
export const MIN_CHECKPOINT_LABEL_LENGTH = 1;
export const MAX_CHECKPOINT_LABEL_LENGTH = 60;
