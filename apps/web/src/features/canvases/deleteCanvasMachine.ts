import { assign, emit, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Events of the delete flow. */
export type DeleteCanvasEvent =
  | {
      type: 'delete.open';
      canvasId: string;
      /** The canvas is in the user's own list. */
      allowed: boolean;
      /** The canvas is live and the user is its admin. */
      ownsLiveCanvas: boolean;
    }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** What the flow tells whoever listens (`actor.on('deleted', …)`): the canvas is gone. */
export interface CanvasDeletedEmitted {
  type: 'deleted';
  canvasId: string;
}

interface DeleteCanvasContext {
  canvasId: string;
  ownsLiveCanvas: boolean;
}

/**
 * Deleting a canvas (spec §2 "Popups", §4, §6): the popup opens (or 'Not allowed!' for a
 * canvas not in the user's own list); Delete calls REST `deletecanvas`, then, for a live
 * canvas the user administers, sends the `delete-canvas` realtime notice, and alerts
 * 'Canvas deleted Successfully', and emits `deleted` (a screen showing the canvas leaves it).
 * Cancel only closes the popup.
 */
export const deleteCanvasMachine = setup({
  types: {
    context: {} as DeleteCanvasContext,
    events: {} as DeleteCanvasEvent,
    emitted: {} as CanvasDeletedEmitted,
  },
  actors: {
    deleteCanvas: fromPromise<void, { canvasId: string }>(async () => {
      throw new Error('deleteCanvas is not provided');
    }),
  },
  guards: {
    isAllowed: (_, params: { allowed: boolean }) => params.allowed,
    ownsLiveCanvas: ({ context }) => context.ownsLiveCanvas,
  },
  actions: {
    target: assign((_, params: DeleteCanvasContext) => params),
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    notifyLiveDeletion: (_, _params: { canvasId: string }) => {},
    /** Removes the canvas from the app's lists. */
    canvasDeleted: (_, _params: { canvasId: string }) => {},
    tellDeleted: emit((_, params: { canvasId: string }) => ({
      type: 'deleted' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'deleteCanvas',
  context: { canvasId: '', ownsLiveCanvas: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'delete.open': [
          {
            guard: { type: 'isAllowed', params: ({ event }) => ({ allowed: event.allowed }) },
            target: 'open',
            actions: {
              type: 'target',
              params: ({ event }) => ({
                canvasId: event.canvasId,
                ownsLiveCanvas: event.ownsLiveCanvas,
              }),
            },
          },
          { actions: { type: 'showAlert', params: { text: MESSAGES.notAllowed, type: 'danger' } } },
        ],
      },
    },
    open: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'closed',
      },
    },
    deleting: {
      tags: ['busy', 'open'],
      invoke: {
        src: 'deleteCanvas',
        input: ({ context }) => ({ canvasId: context.canvasId }),
        onDone: [
          {
            guard: 'ownsLiveCanvas',
            target: 'closed',
            actions: [
              {
                type: 'notifyLiveDeletion',
                params: ({ context }) => ({ canvasId: context.canvasId }),
              },
              { type: 'canvasDeleted', params: ({ context }) => ({ canvasId: context.canvasId }) },
              { type: 'showAlert', params: { text: MESSAGES.deleted, type: 'alert' } },
              { type: 'tellDeleted', params: ({ context }) => ({ canvasId: context.canvasId }) },
            ],
          },
          {
            target: 'closed',
            actions: [
              { type: 'canvasDeleted', params: ({ context }) => ({ canvasId: context.canvasId }) },
              { type: 'showAlert', params: { text: MESSAGES.deleted, type: 'alert' } },
              { type: 'tellDeleted', params: ({ context }) => ({ canvasId: context.canvasId }) },
            ],
          },
        ],
        onError: {
          target: 'closed',
          actions: {
            type: 'showAlert',
            params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
          },
        },
      },
    },
  },
});
