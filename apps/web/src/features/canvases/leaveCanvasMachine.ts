import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Asks to leave a live canvas the user collaborates on. */
export interface LeaveCanvasEvent {
  type: 'leave.request';
  canvasId: string;
}

/**
 * Leaving a live canvas (spec §2 "On a live canvas the delete control is a leave action",
 * §8): `can-leave-canvas` is asked first; when the server says no, 'Canvas not accessable.';
 * otherwise `leave-canvas` is sent and 'Canvas left Successfully' shown.
 */
export const leaveCanvasMachine = setup({
  types: { context: {} as { canvasId: string }, events: {} as LeaveCanvasEvent },
  actors: {
    canLeave: fromPromise<boolean, { canvasId: string }>(async () => {
      throw new Error('canLeave is not provided');
    }),
    leaveCanvas: fromPromise<void, { canvasId: string }>(async () => {
      throw new Error('leaveCanvas is not provided');
    }),
  },
  guards: {
    canLeave: (_, params: { success: boolean }) => params.success,
  },
  actions: {
    setCanvas: assign((_, params: { canvasId: string }) => params),
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    canvasLeft: (_, _params: { canvasId: string }) => {},
  },
}).createMachine({
  id: 'leaveCanvas',
  context: { canvasId: '' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'leave.request': {
          target: 'checking',
          actions: { type: 'setCanvas', params: ({ event }) => ({ canvasId: event.canvasId }) },
        },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'canLeave',
        input: ({ context }) => ({ canvasId: context.canvasId }),
        onDone: [
          {
            guard: { type: 'canLeave', params: ({ event }) => ({ success: event.output }) },
            target: 'leaving',
          },
          {
            target: 'idle',
            actions: {
              type: 'showAlert',
              params: { text: MESSAGES.notAccessible, type: 'danger' },
            },
          },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'showAlert',
            params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
          },
        },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        src: 'leaveCanvas',
        input: ({ context }) => ({ canvasId: context.canvasId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'canvasLeft', params: ({ context }) => ({ canvasId: context.canvasId }) },
            { type: 'showAlert', params: { text: MESSAGES.left, type: 'alert' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'showAlert',
            params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
          },
        },
      },
    },
  },
});
