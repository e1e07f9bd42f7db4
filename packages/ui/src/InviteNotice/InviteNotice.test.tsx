import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InviteNotice } from './InviteNotice';

const base = { username: 'grace', canvasName: 'Roadmap', adminProfilePhoto: null };

describe('InviteNotice', () => {
  it('names the inviter and the canvas', () => {
    render(<InviteNotice {...base} show onAccept={() => {}} onDismiss={() => {}} />);
    const notice = screen.getByRole('dialog', { name: 'Invitation to collaborate' });
    expect(notice).toHaveTextContent('grace invited you to the live canvas Roadmap.');
    expect(screen.getByRole('img', { name: 'grace' })).toBeInTheDocument();
  });

  it('accepts and dismisses', async () => {
    const onAccept = vi.fn();
    const onDismiss = vi.fn();
    render(<InviteNotice {...base} show onAccept={onAccept} onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('is absent when not shown and locked while busy', () => {
    const { rerender } = render(
      <InviteNotice {...base} show={false} onAccept={() => {}} onDismiss={() => {}} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<InviteNotice {...base} show busy onAccept={() => {}} onDismiss={() => {}} />);
    expect(screen.getByRole('button', { name: /Accept/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeDisabled();
  });
});
