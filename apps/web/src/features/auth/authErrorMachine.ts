import { assign, setup } from 'xstate';
import { TIMING } from '../../app/constants';

/** Events of the error text under the password field. */
export type AuthErrorEvent = { type: 'error.show'; text: string } | { type: 'error.clear' };

/**
 * The auth failure text under the password field (spec §8): shown with the server's
 * message for 5000 ms, then cleared. A new failure restarts the 5 s.
 */
export const authErrorMachine = setup({
  types: { context: {} as { text: string }, events: {} as AuthErrorEvent },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    clearText: assign({ text: '' }),
  },
  delays: { errorDuration: TIMING.authErrorMs },
}).createMachine({
  id: 'authError',
  context: { text: '' },
  initial: 'hidden',
  on: {
    'error.show': {
      target: '.shown',
      reenter: true,
      actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) },
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
