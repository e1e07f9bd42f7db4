import { assign, setup } from 'xstate';
import type { AuthField } from '@tabula/ui';
import { TIMING } from '../../app/constants';

/** Events of the error text under a field of the auth form. */
export type AuthErrorEvent =
  { type: 'error.show'; text: string; field?: AuthField } | { type: 'error.clear' };

interface AuthErrorContext {
  text: string;
  /** The field the text is shown under (the password field unless the failure names another). */
  field: AuthField;
}

/**
 * The auth failure text under its field (spec §8: the auth failure under the password field):
 * shown with the server's message for 5000 ms, then cleared. A new failure restarts the 5 s.
 */
export const authErrorMachine = setup({
  types: { context: {} as AuthErrorContext, events: {} as AuthErrorEvent },
  actions: {
    setText: assign((_, params: { text: string; field: AuthField }) => params),
    clearText: assign({ text: '' }),
  },
  delays: { errorDuration: TIMING.authErrorMs },
}).createMachine({
  id: 'authError',
  context: { text: '', field: 'password' },
  initial: 'hidden',
  on: {
    'error.show': {
      target: '.shown',
      reenter: true,
      actions: {
        type: 'setText',
        params: ({ event }) => ({ text: event.text, field: event.field ?? 'password' }),
      },
    },
  },
  states: {
    hidden: {},
    shown: {
      after: { errorDuration: { target: 'hidden', actions: 'clearText' } },
      on: { 'error.clear': { target: 'hidden', actions: 'clearText' } },
    },
  },
});
