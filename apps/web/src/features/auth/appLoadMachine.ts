import { assign, fromPromise, setup } from 'xstate';
import type { Session, SessionUser } from './session';

interface AppLoadContext {
  token: string | null;
  user: SessionUser | null;
}

function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}

/**
 * App load (spec §4): with a stored token the user is fetched, then the realtime server is
 * asked whether this user is online on another device. If so the stored 'token' and
 * 'background-color' are cleaned up and the visitor stays signed out; otherwise the session
 * is stored and the canvas list loaded. A token the server refuses is cleaned up too.
 */
export const appLoadMachine = setup({
  types: {
    input: {} as { token: string | null },
    context: {} as AppLoadContext,
  },
  actors: {
    fetchUser: fromPromise<SessionUser, { token: string }>(async () => notProvided('fetchUser')),
    checkLoggedInElsewhere: fromPromise<boolean, Session>(async () =>
      notProvided('checkLoggedInElsewhere'),
    ),
    loadCanvases: fromPromise<void, { token: string }>(async () => notProvided('loadCanvases')),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    isLoggedInElsewhere: (_, params: { loggedIn: boolean }) => params.loggedIn,
  },
  actions: {
    keepUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    storeSession: (_, _params: Session) => {},
    /** Removes 'token' and 'background-color' from local storage. */
    cleanupStorage: () => {},
    /** Forgets any signed-in state held in memory. */
    cleanupState: () => {},
  },
}).createMachine({
  id: 'appLoad',
  context: ({ input }) => ({ token: input.token, user: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'fetchingUser' }, { target: 'signedOut' }],
    },
    fetchingUser: {
      tags: ['loading'],
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'checking',
          actions: { type: 'keepUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'signedOut', actions: ['cleanupStorage', 'cleanupState'] },
      },
    },
    checking: {
      tags: ['loading'],
      invoke: {
        src: 'checkLoggedInElsewhere',
        input: ({ context }) => ({ user: context.user!, token: context.token! }),
        onDone: [
          {
            guard: {
              type: 'isLoggedInElsewhere',
              params: ({ event }) => ({ loggedIn: event.output }),
            },
            target: 'signedOut',
            actions: ['cleanupStorage', 'cleanupState'],
          },
          {
            target: 'loadingCanvases',
            actions: {
              type: 'storeSession',
              params: ({ context }) => ({ user: context.user!, token: context.token! }),
            },
          },
        ],
        onError: { target: 'signedOut', actions: ['cleanupStorage', 'cleanupState'] },
      },
    },
    loadingCanvases: {
      tags: ['loading'],
      invoke: {
        src: 'loadCanvases',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'signedIn',
        // The session stands; the list can be loaded again from its screen.
        onError: 'signedIn',
      },
    },
    signedIn: { type: 'final' },
    signedOut: { type: 'final' },
  },
});
