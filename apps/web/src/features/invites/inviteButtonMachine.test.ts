import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { inviteButtonMachine } from './inviteButtonMachine';

function start(isCollaborator: boolean) {
  const clock = new SimulatedClock();
  const effects = { sendInvite: vi.fn(), removeCollaborator: vi.fn() };
  const machine = inviteButtonMachine.provide({ actions: effects });
  const actor = createActor(machine, { clock, input: { isCollaborator } }).start();
  return { actor, clock, effects };
}

describe('inviteButtonMachine', () => {
  it('sends the invitation and counts down 10 seconds, one per tick, back to Invite', () => {
    const { actor, clock, effects } = start(false);
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'invite.click' });
    expect(effects.sendInvite).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.secondsLeft).toBe(10);

    for (let second = 9; second >= 1; second -= 1) {
      clock.increment(1000);
      expect(actor.getSnapshot().context.secondsLeft).toBe(second);
      expect(actor.getSnapshot().value).toBe('countingDown');
    }
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('ignores clicks during the countdown', () => {
    const { actor, clock, effects } = start(false);

    actor.send({ type: 'invite.click' });
    clock.increment(1000);
    actor.send({ type: 'invite.click' });

    expect(effects.sendInvite).toHaveBeenCalledTimes(1);
  });

  it('shows Remove for a collaborator and removes on click', () => {
    const { actor, effects } = start(true);
    expect(actor.getSnapshot().value).toBe('collaborator');

    actor.send({ type: 'invite.remove' });

    expect(effects.removeCollaborator).toHaveBeenCalledTimes(1);
  });

  it('switches to Remove when the invitee joins during the countdown, and back when removed', () => {
    const { actor, clock } = start(false);
    actor.send({ type: 'invite.click' });
    clock.increment(3000);

    actor.send({ type: 'invite.collaboratorChanged', isCollaborator: true });
    expect(actor.getSnapshot().value).toBe('collaborator');

    actor.send({ type: 'invite.collaboratorChanged', isCollaborator: false });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
