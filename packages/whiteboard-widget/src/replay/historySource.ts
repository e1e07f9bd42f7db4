import type {
  Checkpoint,
  ElementHistoryItem,
  HistoryEntry,
  HistoryPage,
  HistoryQuery,
  ReplayPage,
  SceneAtRevision,
} from '@tabula/domain/protocol';

/** The query of a page of replay steps: steps with a revision above `after`, at most `limit`. */
export interface ReplayQuery {
  after?: number;
  limit?: number;
}

/**
 * Where the player reads one canvas's history. Every call rejects with an `Error` whose
 * message can be shown to the user. `restHistorySource` reads Tabula's REST API;
 * `memoryHistorySource` holds a recorded history (stories, tests, offline demos).
 */
export interface HistorySource {
  /** The canvas, when the source knows it: the id the player's `files` downloads under. */
  readonly canvasId?: string;
  /** A page of history entries (every event type, not only drawings). */
  history(query?: HistoryQuery): Promise<HistoryPage>;
  /** Drawing steps in ascending revision order, with their element upserts and timing. */
  replay(query?: ReplayQuery): Promise<ReplayPage>;
  /** The live elements at `revision` (the latest revision when omitted), in scene order. */
  sceneAt(revision?: number): Promise<SceneAtRevision>;
  /** Every change of one element, oldest first ("who drew this"). */
  elementHistory(elementId: string): Promise<ElementHistoryItem[]>;
  /** The canvas's named checkpoints, oldest first. */
  checkpoints(): Promise<Checkpoint[]>;
  /**
   * Calls `onEntry` for each entry appended to the canvas from now on; returns the
   * unsubscribe function. Absent when the source cannot hear about new entries.
   */
  subscribe?(onEntry: (entry: HistoryEntry) => void): () => void;
}
