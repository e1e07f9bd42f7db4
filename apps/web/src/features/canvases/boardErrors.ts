import { CANVAS_NOT_FOUND, NOT_ALLOWED } from '@tabula/domain';
import type { CollaborationError } from '@tabula/whiteboard/collab';

/** Why a canvas cannot be opened, as the screen in place of the board says it. */
export interface CanvasRefusal {
  code: 'NOT_FOUND' | 'FORBIDDEN';
  title: string;
  text: string;
}

const REFUSALS: Record<CanvasRefusal['code'], CanvasRefusal> = {
  NOT_FOUND: {
    code: 'NOT_FOUND',
    title: CANVAS_NOT_FOUND,
    text: 'It may have been deleted, or the link is wrong.',
  },
  FORBIDDEN: {
    code: 'FORBIDDEN',
    title: NOT_ALLOWED,
    text: 'This canvas belongs to someone else. Ask its owner to invite you.',
  },
};

/** What the canvas screen does with an error of the board's collaboration engine. */
export type BoardErrorOutcome =
  | { show: 'refusal'; refusal: CanvasRefusal }
  | { show: 'alert'; message: string }
  | { show: 'nothing' };

/**
 * A refused join of a canvas that does not exist or is not the user's replaces the board with
 * a screen saying so; other refusals are alerts. The rest arrive on the app's own socket and
 * the app already answers them: `canvas-deleted` (the eviction watch) and an ended session
 * (sign in again).
 */
export function boardErrorOutcome(
  error: Pick<CollaborationError, 'kind' | 'message' | 'code'>,
): BoardErrorOutcome {
  switch (error.kind) {
    case 'join-refused':
      if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')
        return { show: 'refusal', refusal: REFUSALS[error.code] };
      return { show: 'alert', message: error.message };
    case 'update-refused':
      return { show: 'alert', message: error.message };
    default:
      return { show: 'nothing' };
  }
}
