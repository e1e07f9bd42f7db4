import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Events of canvas name editing. */
export type NameEditEvent =
  | { type: 'name.edit'; allowed: boolean }
  | { type: 'name.change'; value: string }
  | { type: 'name.save' }
  | { type: 'name.cancel' }
  | { type: 'name.sync'; name: string };

interface NameEditContext {
  canvasId: string;
  name: string;
  draft: string;
}

/**
 * Canvas name editing (spec §4): view mode → edit mode with the input focused and prefilled
 * with the current name → save (REST `updatecanvasname`, 'Canvas name Updated Successfully')
 * or cancel. Editing a canvas not in the user's own list shows 'Not allowed!'. A failed save
 * shows the server's message and stays in edit mode.
 */
export const nameEditMachine = setup({
  types: {
    input: {} as { canvasId: string; name: string },
    context: {} as NameEditContext,
    events: {} as NameEditEvent,
  },
  actors: {
    saveName: fromPromise<{ name: string }, { canvasId: string; name: string }>(async () => {
      throw new Error('saveName is not provided');
    }),
  },
  guards: {
    isAllowed: (_, params: { allowed: boolean }) => params.allowed,
  },
  actions: {
    startDraft: assign({ draft: ({ context }) => context.name }),
    setDraft: assign((_, params: { draft: string }) => params),
    setName: assign((_, params: { name: string }) => ({ name: params.name, draft: params.name })),
    focusInput: () => {},
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    /** Tells the app's canvas list about the new name. */
    nameSaved: (_, _params: { canvasId: string; name: string }) => {},
  },
}).createMachine({
  id: 'nameEdit',
  context: ({ input }) => ({ canvasId: input.canvasId, name: input.name, draft: input.name }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'name.edit': [
          {
            guard: { type: 'isAllowed', params: ({ event }) => ({ allowed: event.allowed }) },
            target: 'editing',
            actions: ['startDraft', 'focusInput'],
          },
          { actions: { type: 'showAlert', params: { text: MESSAGES.notAllowed, type: 'danger' } } },
        ],
        'name.sync': {
          actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
        },
      },
    },
    editing: {
      on: {
        'name.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.value }) },
        },
        'name.save': 'saving',
        'name.cancel': { target: 'viewing', actions: 'startDraft' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveName',
        input: ({ context }) => ({ canvasId: context.canvasId, name: context.draft.trim() }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'setName', params: ({ event }) => ({ name: event.output.name }) },
            {
              type: 'nameSaved',
              params: ({ context, event }) => ({
                canvasId: context.canvasId,
                name: event.output.name,
              }),
            },
            { type: 'showAlert', params: { text: MESSAGES.nameUpdated, type: 'alert' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'showAlert',
            params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
          },
        },
      },
    },
  },
});
