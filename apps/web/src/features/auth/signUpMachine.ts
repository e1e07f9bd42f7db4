import { fromPromise, setup } from 'xstate';
import { errorMessage } from '../errorMessage';
import type { CreateUserRequest } from '@tabula/domain/protocol';
import type { AlertType } from '../alerts/alertMachine';
import type { Session } from './session';

/** The sign-up form's fields (name is optional). */
export type SignUpForm = CreateUserRequest;

/** Events the auth screen sends in sign-up mode. */
export type SignUpEvent = { type: 'signup.submit' } & SignUpForm;

/**
 * Sign-up (spec §4): the form goes to REST `createuser`; the new session is stored (token
 * saved) and the auth screen's signed-in redirect takes the user to '/'. A failure shows
 * the server's message under the password field and as a danger alert.
 */
export const signUpMachine = setup({
  types: { events: {} as SignUpEvent },
  actors: {
    createUser: fromPromise<Session, SignUpForm>(async () => {
      throw new Error('createUser is not provided');
    }),
  },
  actions: {
    storeSession: (_, _params: Session) => {},
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    showFieldError: (_, _params: { text: string }) => {},
  },
}).createMachine({
  id: 'signUp',
  initial: 'idle',
  states: {
    idle: { on: { 'signup.submit': 'submitting' } },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'createUser',
        input: ({ event }) => {
          const { type: _type, ...form } = event;
          return form;
        },
        onDone: {
          target: 'signedUp',
          actions: { type: 'storeSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'showFieldError',
              params: ({ event }) => ({ text: errorMessage(event.error) }),
            },
            {
              type: 'showAlert',
              params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
            },
          ],
        },
      },
    },
    signedUp: { type: 'final' },
  },
});
