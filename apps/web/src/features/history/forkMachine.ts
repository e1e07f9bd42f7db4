import { fromPromise, setup } from 'xstate';
import type { CanvasSummary } from '@tabula/domain/protocol';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Events of Make a copy. */
export interface ForkEvent {
  type: 'fork.start';
  revision: number;
}

/** The alert once the copy exists. */
export function copiedText(name: string): string {
  return `Your copy “${name}” is ready.`;
}

/**
 * Make a copy: REST `fork` makes a new personal canvas of the user holding the scene at the
 * shown revision (the server names it "<name> (copy)"); the app lists it first and opens it.
 * A second click while the copy is being made does nothing; a failure is shown as an alert.
 */
export const forkMachine = setup({
  types: {
    input: {} as { canvasId: string },
    context: {} as { canvasId: string },
    events: {} as ForkEvent,
  },
  actors: {
    fork: fromPromise<CanvasSummary, { canvasId: string; revision: number }>(async () => {
      throw new Error('fork is not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    /** Puts the copy at the top of the user's list and opens it. */
    forked: (_, _params: { canvas: CanvasSummary }) => {},
  },
}).createMachine({
  id: 'fork',
  context: ({ input }) => ({ canvasId: input.canvasId }),
  initial: 'idle',
  states: {
    idle: { on: { 'fork.start': 'forking' } },
    forking: {
      tags: ['busy'],
      invoke: {
        src: 'fork',
        input: ({ context, event }) => ({
          canvasId: context.canvasId,
          revision: (event as ForkEvent).revision,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'forked', params: ({ event }) => ({ canvas: event.output }) },
            {
              type: 'showAlert',
              params: ({ event }) => ({ text: copiedText(event.output.name), type: 'alert' }),
            },
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
