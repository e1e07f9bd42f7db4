import { assign, fromPromise, setup } from 'xstate';
import { MAX_CHECKPOINT_LABEL_LENGTH, MIN_CHECKPOINT_LABEL_LENGTH } from '@tabula/domain/protocol';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';

/** Events of Name this version. */
export type NameVersionEvent =
  | { type: 'name.open'; revision: number }
  | { type: 'name.save'; label: string }
  | { type: 'name.cancel' };

interface NameVersionContext {
  canvasId: string;
  revision: number;
  label: string;
  error: string | null;
}

/** Said when a name is empty or too long. */
export const LABEL_LENGTH_TEXT = `A version name has ${MIN_CHECKPOINT_LABEL_LENGTH} to ${MAX_CHECKPOINT_LABEL_LENGTH} characters.`;

function validLabel(label: string): boolean {
  const length = label.trim().length;
  return length >= MIN_CHECKPOINT_LABEL_LENGTH && length <= MAX_CHECKPOINT_LABEL_LENGTH;
}

/**
 * Name this version: a small dialog for a label (1 to 60 characters, trimmed); Save calls REST
 * `checkpoint`, closes the dialog and says so. A name out of bounds or a refusal stays in the
 * dialog as its error.
 */
export const nameVersionMachine = setup({
  types: {
    input: {} as { canvasId: string },
    context: {} as NameVersionContext,
    events: {} as NameVersionEvent,
  },
  actors: {
    saveLabel: fromPromise<
      { revision: number; label: string },
      { canvasId: string; revision: number; label: string }
    >(async () => {
      throw new Error('saveLabel is not provided');
    }),
  },
  actions: {
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    /** The version has its name: the list shows it. */
    named: (_, _params: { revision: number; label: string }) => {},
  },
}).createMachine({
  id: 'nameVersion',
  context: ({ input }) => ({ canvasId: input.canvasId, revision: 0, label: '', error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'name.open': {
          target: 'editing',
          actions: assign({ revision: ({ event }) => event.revision, label: '', error: null }),
        },
      },
    },
    editing: {
      on: {
        'name.save': [
          {
            guard: ({ event }) => validLabel(event.label),
            target: 'saving',
            actions: assign({ label: ({ event }) => event.label.trim(), error: null }),
          },
          { actions: assign({ error: LABEL_LENGTH_TEXT }) },
        ],
        'name.cancel': 'closed',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveLabel',
        input: ({ context }) => ({
          canvasId: context.canvasId,
          revision: context.revision,
          label: context.label,
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'named', params: ({ event }) => event.output },
            {
              type: 'showAlert',
              params: ({ event }) => ({
                text: `Revision ${event.output.revision} is now called “${event.output.label}”.`,
                type: 'alert',
              }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
  },
});
