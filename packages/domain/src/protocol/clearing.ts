/**
 * Clearing a shared board (docs/clearing.md): the room's `canvas-cleared` notice, the
 * `undo-clear` request, and the owner's setting over REST. Types only.
 */

/**
 * `canvas-cleared`: someone cleared the canvas (a commit the domain's `isClearing` names a
 * clear). Every board showing the canvas gets it, the clearer's too, right after the change.
 */
export interface CanvasClearedMessage {
  canvasId: string;
  /** The clearing commit's revision: `undo-clear` names it. */
  revision: number;
  actorId: string;
  /** The clearer's username ('' when unknown). */
  actorName: string;
  /** How many elements the clear deleted. */
  count: number;
}

/** `undo-clear`: bring back what the clear at `revision` deleted (owner or collaborator). */
export interface UndoClearPayload {
  canvasId: string;
  revision: number;
}

/** `undo-clear`'s ack: the revision of the restore that brought the elements back. */
export interface UndoClearResult {
  canvasId: string;
  revision: number;
}

/** `GET /canvas/clearing/:id` (owner or collaborator) and `POST /canvas/clearing/:id` (owner). */
export interface ClearingSetting {
  /** Whether collaborators may clear the board (the owner always may). Default true. */
  collaboratorsCanClear: boolean;
}
