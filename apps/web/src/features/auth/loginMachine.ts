import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES, ROUTES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';
import type { LoginRequest, Session } from './session';

/** Events the auth screen sends to the login flow. */
export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'login.demo'; account: 1 | 2 };

interface LoginContext {
  /** The session the server granted, held until the realtime check has answered. */
  pending: Session | null;
}

function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}

/**
 * Sign-in (spec §4 "Login"): the credentials (or a demo account) go to REST `loginuser`;
 * then the realtime server is asked whether this user is online on another device. If so,
 * a danger alert 'Logout from other device first!' and no sign-in; otherwise the session is
 * stored and the app navigates to '/'. A failure's message goes to `reportFailure`.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    loginUser: fromPromise<Session, LoginRequest>(async () => notProvided('loginUser')),
    /** Resolves true when another device of this user is online. */
    checkLoggedInElsewhere: fromPromise<boolean, Session>(async () =>
      notProvided('checkLoggedInElsewhere'),
    ),
  },
  guards: {
    isLoggedInElsewhere: (_, params: { loggedIn: boolean }) => params.loggedIn,
  },
  actions: {
    keepPending: assign((_, params: Session) => ({ pending: params })),
    dropPending: assign({ pending: null }),
    storeSession: (_, _params: Session) => {},
    navigate: (_, _params: { to: string }) => {},
    showAlert: (_, _params: { text: string; type: AlertType }) => {},
    /** The failure's text under the password field (shown for 5 s by the auth error flow). */
    showFieldError: (_, _params: { text: string }) => {},
  },
}).createMachine({
  id: 'login',
  context: { pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'login.submit': 'authenticating',
        'login.demo': 'authenticating',
      },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        src: 'loginUser',
        input: ({ event }): LoginRequest =>
          event.type === 'login.demo'
            ? { kind: 'demo', account: event.account }
            : { kind: 'password', email: event.email, password: event.password },
        onDone: {
          target: 'checking',
          actions: { type: 'keepPending', params: ({ event }) => event.output },
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
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkLoggedInElsewhere',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: {
              type: 'isLoggedInElsewhere',
              params: ({ event }) => ({ loggedIn: event.output }),
            },
            target: 'idle',
            actions: [
              'dropPending',
              { type: 'showAlert', params: { text: MESSAGES.loggedInElsewhere, type: 'danger' } },
            ],
          },
          {
            target: 'signedIn',
            actions: [
              { type: 'storeSession', params: ({ context }) => context.pending! },
              'dropPending',
              { type: 'navigate', params: { to: ROUTES.home } },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            'dropPending',
            {
              type: 'showAlert',
              params: ({ event }) => ({ text: errorMessage(event.error), type: 'danger' as const }),
            },
          ],
        },
      },
    },
    signedIn: { type: 'final' },
  },
});
