import { assign, fromPromise, setup } from 'xstate';
import type { DemoAccount } from '@tabula/ui';
import { MESSAGES, ROUTES } from '../../app/constants';
import { errorMessage } from '../errorMessage';
import type { AlertType } from '../alerts/alertMachine';
import type { LoginRequest, Session } from './session';

/** Events the auth screen sends to the login flow. */
export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'login.demo'; account: DemoAccount };

interface LoginContext {
  /** The session the server granted, held until the realtime check has answered. */
  pending: Session | null;
  /** The demo account being signed in to (null for email and password). */
  demo: DemoAccount | null;
  /** Demo accounts found in use by another visitor, in the order they were found. */
  demoInUse: DemoAccount[];
}

function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}

/**
 * Sign-in (spec §4 "Login"): the credentials (or a demo account) go to REST `loginuser`;
 * then the realtime server is asked whether this user is online on another device. If so,
 * a danger alert 'Logout from other device first!' and no sign-in; otherwise the session is
 * stored and the app navigates to '/'. A failure's message goes under its field and into a
 * danger alert. One message each time: 'Logout from other device first!' is the alert only
 * (it is no field's failure), and a demo account another visitor is using is only noted in
 * `demoInUse`, so the screen says which account is free instead (no alert beside it).
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
    /** A demo sign-in refused by the one-session rule (the server's 409). */
    isDemoInUse: ({ context }, params: { error: unknown }) =>
      context.demo !== null && errorMessage(params.error) === MESSAGES.loggedInElsewhere,
    /** The one-session rule refused an account signed in with its password. */
    isInUseElsewhere: (_, params: { error: unknown }) =>
      errorMessage(params.error) === MESSAGES.loggedInElsewhere,
    isDemoLoggedInElsewhere: ({ context }, params: { loggedIn: boolean }) =>
      context.demo !== null && params.loggedIn,
  },
  actions: {
    keepDemo: assign((_, params: { demo: DemoAccount | null }) => params),
    markDemoInUse: assign(({ context }) => ({
      demoInUse:
        context.demo === null || context.demoInUse.includes(context.demo)
          ? context.demoInUse
          : [...context.demoInUse, context.demo],
    })),
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
  context: { pending: null, demo: null, demoInUse: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'login.submit': {
          target: 'authenticating',
          actions: { type: 'keepDemo', params: { demo: null } },
        },
        'login.demo': {
          target: 'authenticating',
          actions: { type: 'keepDemo', params: ({ event }) => ({ demo: event.account }) },
        },
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
        onError: [
          {
            guard: { type: 'isDemoInUse', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'markDemoInUse',
          },
          {
            guard: { type: 'isInUseElsewhere', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: {
              type: 'showAlert',
              params: { text: MESSAGES.loggedInElsewhere, type: 'danger' },
            },
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'showFieldError',
                params: ({ event }) => ({ text: errorMessage(event.error) }),
              },
              {
                type: 'showAlert',
                params: ({ event }) => ({
                  text: errorMessage(event.error),
                  type: 'danger' as const,
                }),
              },
            ],
          },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkLoggedInElsewhere',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            // A demo account says so in its note (demoInUse) instead of an alert.
            guard: {
              type: 'isDemoLoggedInElsewhere',
              params: ({ event }) => ({ loggedIn: event.output }),
            },
            target: 'idle',
            actions: ['dropPending', 'markDemoInUse'],
          },
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
