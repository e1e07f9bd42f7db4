import { setup } from 'xstate';
import { ROUTES } from '../../app/constants';

/** Sign-out request of the signed-in user. */
export interface SignOutEvent {
  type: 'signout.request';
  userId: string;
}

/**
 * Sign-out (spec §4): clears auth, canvases, collaborators, online users, the admin list and
 * live canvases; removes the stored token and background colour; emits `log-out` for the
 * user; then goes to /signin. The machine returns to idle, ready for the next session.
 */
export const signOutMachine = setup({
  types: { events: {} as SignOutEvent },
  actions: {
    /** Auth, canvases, collaborators, online users, admin list and live canvases. */
    clearAppState: () => {},
    /** The stored 'token' and 'background-color'. */
    clearStorage: () => {},
    emitLogOut: (_, _params: { userId: string }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'signOut',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'signout.request': {
          target: 'idle',
          reenter: true,
          actions: [
            'clearAppState',
            'clearStorage',
            { type: 'emitLogOut', params: ({ event }) => ({ userId: event.userId }) },
            { type: 'navigate', params: { to: ROUTES.signIn } },
          ],
        },
      },
    },
  },
});
