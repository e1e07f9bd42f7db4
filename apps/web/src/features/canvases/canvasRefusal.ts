import { CANVAS_NOT_FOUND, NOT_ALLOWED } from '@tabula/domain';

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

/** The refusal a collaboration error means, when the server refused to open the canvas. */
export function refusalOf(error: { kind: string; code?: string }): CanvasRefusal | null {
  if (error.kind !== 'join-refused') return null;
  if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') return REFUSALS[error.code];
  return null;
}
