import { assign, setup } from 'xstate';
import { TIMING } from '../../app/constants';

/** Events of one online user's Invite / Remove button. */
export type InviteButtonEvent =
  | { type: 'invite.click' }
  | { type: 'invite.remove' }
  | { type: 'invite.collaboratorChanged'; isCollaborator: boolean };

interface InviteButtonContext {
  isCollaborator: boolean;
  secondsLeft: number;
}

/**
 * One online user's button in the All Online Users popup (spec §4): 'Invite'; a click
 * sends the invitation and counts down 10 seconds, then 'Invite' again. A user who already
 * collaborates on the current canvas gets 'Remove' instead.
 */
export const inviteButtonMachine = setup({
  types: {
    input: {} as { isCollaborator: boolean },
    context: {} as InviteButtonContext,
    events: {} as InviteButtonEvent,
  },
  guards: {
    isCollaborator: ({ context }) => context.isCollaborator,
    isTimeUp: ({ context }) => context.secondsLeft <= 0,
  },
  actions: {
    setCollaborator: assign((_, params: { isCollaborator: boolean }) => params),
    startCountdown: assign({ secondsLeft: TIMING.inviteCooldownSeconds }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    resetCountdown: assign({ secondsLeft: 0 }),
    sendInvite: () => {},
    removeCollaborator: () => {},
  },
}).createMachine({
  id: 'inviteButton',
  context: ({ input }) => ({ isCollaborator: input.isCollaborator, secondsLeft: 0 }),
  initial: 'deciding',
  on: {
    'invite.collaboratorChanged': {
      target: '.deciding',
      actions: {
        type: 'setCollaborator',
        params: ({ event }) => ({ isCollaborator: event.isCollaborator }),
      },
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'isCollaborator', target: 'collaborator', actions: 'resetCountdown' },
        { target: 'ready' },
      ],
    },
    ready: {
      on: { 'invite.click': { target: 'countingDown', actions: ['sendInvite', 'startCountdown'] } },
    },
    countingDown: {
      always: { guard: 'isTimeUp', target: 'ready' },
      after: { 1000: { target: 'countingDown', reenter: true, actions: 'tick' } },
    },
    collaborator: {
      on: { 'invite.remove': { actions: 'removeCollaborator' } },
    },
  },
});
