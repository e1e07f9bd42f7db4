import { assign, fromPromise, setup } from 'xstate';
import type { Session, SessionUser } from './session';
import { isNetworkFailure, isTokenRefusal } from './tokenRefusal';

interface AppLoadContext {
  token: string | null;
  user: SessionUser | null;
  /** The user this device kept from its last session (shown while there is no network). */
  keptUser: SessionUser | null;
  /** Attempts that found the server unavailable (the wait before the next one doubles). */
  failures: number;
}

/** Waits between attempts while the server does not answer: 1 s doubling, at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A refused token is cleaned up: the visitor is signed out. */
const onRefusal = {
  guard: ({ event }: { event: { error: unknown } }) => isTokenRefusal(event.error),
  target: 'signedOut',
  actions: ['cleanupStorage', 'cleanupState'],
} as const;

/** Any other failure is tried again, with doubling waits. */
const onUnanswered = { target: 'unavailable', actions: 'countFailure' } as const;

/** What a failed step leads to: a refused token is cleaned up, anything else is tried again. */
const onFailure = [onRefusal, onUnanswered] as const;

function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}

/**
 * App load (spec §4): with a stored token the user is fetched, then the realtime server is
 * asked whether this user is online on another device. If so the stored 'token' and
 * 'background-color' are cleaned up and the visitor stays signed out; otherwise the session
 * is stored and the canvas list loaded. A token the server refuses is cleaned up too; a server
 * that does not answer (restarting, too slow) keeps the token and is asked again, with doubling
 * waits, while the app shows it is loading. Without network (the request never left), a device
 * that kept the user of its last session starts from it and asks again once online.
 */
export const appLoadMachine = setup({
  types: {
    input: {} as { token: string | null; keptUser?: SessionUser | null },
    context: {} as AppLoadContext,
    events: {} as { type: 'network.online' },
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
    /** No network (the request never reached a server) and a session kept on this device. */
    canStartOffline: ({ context, event }) =>
      context.keptUser !== null && isNetworkFailure((event as { error?: unknown }).error),
    isLoggedInElsewhere: (_, params: { loggedIn: boolean }) => params.loggedIn,
  },
  actions: {
    keepUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    storeSession: (_, _params: Session) => {},
    /** Shows the app signed in with the kept session, without asking the server (offline). */
    resumeKeptSession: (_, _params: Session) => {},
    /** Removes 'token' and 'background-color' from local storage. */
    cleanupStorage: () => {},
    /** Forgets any signed-in state held in memory. */
    cleanupState: () => {},
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
  },
  delays: {
    retry: ({ context }) => retryDelayMs(context.failures),
  },
}).createMachine({
  id: 'appLoad',
  context: ({ input }) => ({
    token: input.token,
    user: null,
    keptUser: input.keptUser ?? null,
    failures: 0,
  }),
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
        onError: [
          onRefusal,
          { guard: 'canStartOffline', target: 'offline', actions: 'countFailure' },
          onUnanswered,
        ],
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
        onError: onFailure,
      },
    },
    unavailable: {
      tags: ['loading'],
      after: { retry: 'fetchingUser' },
    },
    /**
     * No network: the app runs with the session this device kept, and asks the server again
     * when the browser says the network is back (or after the doubling wait). The server's
     * answer then decides: a refused token signs out.
     */
    offline: {
      tags: ['offline'],
      entry: {
        type: 'resumeKeptSession',
        params: ({ context }) => ({ user: context.keptUser!, token: context.token! }),
      },
      on: { 'network.online': 'fetchingUser' },
      after: { retry: 'fetchingUser' },
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
