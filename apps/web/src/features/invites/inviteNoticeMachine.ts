import { assign, setup } from 'xstate';

/** The invitation notice's fields (spec §3 "Invitation notice"). */
export interface Invitation {
  username: string;
  canvasId: string;
  adminUserId: string;
  adminProfilePhoto: string;
  canvasName: string;
}

/** Events of the invite notice. */
export type InviteNoticeEvent =
  | ({ type: 'invitation.received' } & Invitation)
  | { type: 'invitation.accept' }
  | { type: 'invitation.dismiss' };

const EMPTY: Invitation = {
  username: '',
  canvasId: '',
  adminUserId: '',
  adminProfilePhoto: '',
  canvasName: '',
};

/**
 * The invite notice in the shared layout (spec §4): hidden by default; a received
 * invitation shows it with all fields filled (a newer one replaces it); accepting or
 * dismissing hides it with the fields emptied.
 */
export const inviteNoticeMachine = setup({
  types: { context: {} as Invitation, events: {} as InviteNoticeEvent },
  actions: {
    fill: assign((_, params: Invitation) => ({ ...params })),
    reset: assign(() => ({ ...EMPTY })),
    acceptInvitation: (_, _params: Invitation) => {},
  },
}).createMachine({
  id: 'inviteNotice',
  context: { ...EMPTY },
  initial: 'hidden',
  on: {
    'invitation.received': {
      target: '.shown',
      actions: {
        type: 'fill',
        params: ({ event }) => ({
          username: event.username,
          canvasId: event.canvasId,
          adminUserId: event.adminUserId,
          adminProfilePhoto: event.adminProfilePhoto,
          canvasName: event.canvasName,
        }),
      },
    },
  },
  states: {
    hidden: {},
    shown: {
      on: {
        'invitation.accept': {
          target: 'hidden',
          actions: [
            { type: 'acceptInvitation', params: ({ context }) => ({ ...context }) },
            'reset',
          ],
        },
        'invitation.dismiss': { target: 'hidden', actions: 'reset' },
      },
    },
  },
});
