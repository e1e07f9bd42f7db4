import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Events of the restore flow. */
export type RestoreEvent =
  /** `allowed`: the user owns the canvas (only the owner may restore). */
  | { type: 'restore.open'; revision: number; allowed: boolean }
  /** One click, no question: bringing back what a clear removed (it is in the history too). */
  | { type: 'restore.now'; revision: number; allowed: boolean }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' };

interface RestoreContext {
  canvasId: string;
  revision: number;
  /** Why the last try failed, shown in the popup. */
  error: string | null;
  /** The popup asked first (false for `restore.now`, which shows no popup unless it fails). */
  asked: boolean;
}

const NOT_ALLOWED = {
  type: 'showAlert',
  params: { text: MESSAGES.notAllowed, type: 'danger' },
} as const;

/** The alert after a restore. */
export function restoredText(revision: number): string {
  return `The canvas is back as it was at revision ${revision}.`;
}

/**
 * Restore this version: the confirmation popup opens (only for the owner; anyone else is told
 * 'Not allowed!'); Restore calls REST `restore`, closes the popup and says so; a refusal stays
 * in the popup as its error, so the user can try again or cancel. `restore.now` skips the
 * question (undoing a clear: the cleared scene stays in the history either way).
 */
export const restoreMachine = setup({
  types: {
    input: {} as { canvasId: string },
    context: {} as RestoreContext,
    events: {} as RestoreEvent,
  },
  actors: {
    restore: fromPromise<{ revision: number }, { canvasId: string; revision: number }>(async () => {
      throw new Error('restore is not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { text: string; type: AlertType }) => {},

    /** The canvas now shows `revision` again, as the new revision `newRevision`. */
    restored: (_, _params: { revision: number; newRevision: number }) => {},
  },
}).createMachine({
  id: 'restore',
  context: ({ input }) => ({ canvasId: input.canvasId, revision: 0, error: null, asked: false }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'restore.open': [
          {
            guard: ({ event }) => event.allowed,
            target: 'open',
            actions: assign({ revision: ({ event }) => event.revision, error: null, asked: true }),
          },
          { actions: NOT_ALLOWED },
        ],
        'restore.now': [
          {
            guard: ({ event }) => event.allowed,
            target: 'restoring',
            actions: assign({ revision: ({ event }) => event.revision, error: null, asked: false }),
          },
          { actions: NOT_ALLOWED },
        ],
      },
    },
    open: {
      on: { 'restore.confirm': 'restoring', 'restore.cancel': 'closed' },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ canvasId: context.canvasId, revision: context.revision }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'restored',
              params: ({ context, event }) => ({
                revision: context.revision,
                newRevision: event.output.revision,
              }),
            },
            {
              type: 'showAlert',
              params: ({ context }) => ({ text: restoredText(context.revision), type: 'alert' }),
            },
          ],
        },
        onError: {
          target: 'open',
          actions: assign({ error: ({ event }) => errorMessage(event.error), asked: true }),
        },
      },
    },
  },
});
