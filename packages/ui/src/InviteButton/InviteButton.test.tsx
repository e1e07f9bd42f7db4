import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InviteButton } from './InviteButton';

describe('InviteButton', () => {
  it('invites', async () => {
    const onInvite = vi.fn();
    render(<InviteButton status="invite" onInvite={onInvite} onRemove={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(onInvite).toHaveBeenCalledOnce();
  });

  it('shows the seconds left, disabled, during the countdown', () => {
    render(
      <InviteButton status="countdown" secondsLeft={7} onInvite={() => {}} onRemove={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '7s' })).toBeDisabled();
  });

  it('removes a collaborator', async () => {
    const onRemove = vi.fn();
    render(<InviteButton status="remove" onInvite={() => {}} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
