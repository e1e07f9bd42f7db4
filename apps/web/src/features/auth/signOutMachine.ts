import { assign, fromPromise, setup } from 'xstate';
import { ROUTES } from '../../app/constants';

/** Sign-out request of the signed-in user. */
export interface SignOutEvent {
  type: 'signout.request';
  userId: string;
}

/** The user's answer to "sign out with changes not sent?". */
export type SignOutAnswer = { type: 'signout.confirm' } | { type: 'signout.cancel' };

/**
 * Sign-out (spec §4): clears auth, canvases, collaborators, online users, the admin list and
 * live canvases; removes the stored token and background colour; emits `log-out` for the
 * user; forgets what this device keeps of the account's canvases (a shared computer,
 * docs/offline.md); then goes to /signin. When changes made on this device have not reached
 * the server yet, it asks first (`confirming`): they would be lost. The machine returns to
 * idle, ready for the next session.
 */
export const signOutMachine = setup({
  types: {
    events: {} as SignOutEvent | SignOutAnswer,
    context: {} as { userId: string },
  },
  actors: {
    /** True while this device holds changes of the user the server has not acknowledged. */
    hasUnsentChanges: fromPromise<boolean, { userId: string }>(async () => false),
  },
  actions: {
    /** Auth, canvases, collaborators, online users, admin list and live canvases. */
    clearAppState: () => {},
    /** The stored 'token' and 'background-color'. */
    clearStorage: () => {},
    emitLogOut: (_, _params: { userId: string }) => {},
    /** What this device keeps of the user's canvases (IndexedDB). */
    forgetDevice: (_, _params: { userId: string }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'signOut',
  initial: 'idle',
  context: { userId: '' },
  states: {
    idle: {
      on: {
        'signout.request': {
          target: 'checking',
          actions: assign({ userId: ({ event }) => event.userId }),
        },
      },
    },
    checking: {
      invoke: {
        src: 'hasUnsentChanges',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: ({ event }) => event.output, target: 'confirming' },
          { target: 'signingOut' },
        ],
        // Nothing could be read: nothing can be lost by it either.
        onError: 'signingOut',
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'signout.confirm': 'signingOut', 'signout.cancel': 'idle' },
    },
    signingOut: {
      entry: [
        'clearAppState',
        'clearStorage',
        { type: 'emitLogOut', params: ({ context }) => ({ userId: context.userId }) },
        { type: 'forgetDevice', params: ({ context }) => ({ userId: context.userId }) },
        { type: 'navigate', params: { to: ROUTES.signIn } },
      ],
      always: 'idle',
    },
  },
});
