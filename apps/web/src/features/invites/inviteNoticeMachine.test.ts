import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { inviteNoticeMachine } from './inviteNoticeMachine';

const invitation = {
  username: 'ada',
  canvasId: 'c1',
  adminUserId: 'u1',
  adminProfilePhoto: 'data:,',
  canvasName: 'Sketch',
};

const empty = {
  username: '',
  canvasId: '',
  adminUserId: '',
  adminProfilePhoto: '',
  canvasName: '',
};

describe('inviteNoticeMachine', () => {
  it('is hidden with empty fields by default', () => {
    const actor = createActor(inviteNoticeMachine).start();

    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toEqual(empty);
  });

  it('shows a received invitation with all fields, and dismissing resets them', () => {
    const actor = createActor(inviteNoticeMachine).start();

    actor.send({ type: 'invitation.received', ...invitation });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context).toEqual(invitation);

    actor.send({ type: 'invitation.dismiss' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toEqual(empty);
  });

  it('accepts with the invitation fields, then hides', () => {
    const acceptInvitation = vi.fn();
    const machine = inviteNoticeMachine.provide({
      actions: { acceptInvitation: (_, params) => acceptInvitation(params) },
    });
    const actor = createActor(machine).start();

    actor.send({ type: 'invitation.received', ...invitation });
    actor.send({ type: 'invitation.accept' });

    expect(acceptInvitation).toHaveBeenCalledWith(invitation);
    expect(actor.getSnapshot().context).toEqual(empty);
  });
});
