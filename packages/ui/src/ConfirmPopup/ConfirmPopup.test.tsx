import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopup } from './ConfirmPopup';

function renderPopup(props: Partial<Parameters<typeof ConfirmPopup>[0]> = {}) {
  const handlers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ConfirmPopup
      open
      title="Go ahead?"
      confirmLabel="Go"
      busyLabel="Going"
      {...handlers}
      {...props}
    >
      It happens for everyone.
    </ConfirmPopup>,
  );
  return handlers;
}

describe('ConfirmPopup', () => {
  it('asks its question and answers through its two buttons', async () => {
    const { onConfirm, onCancel } = renderPopup();
    expect(screen.getByRole('dialog', { name: 'Go ahead?' })).toHaveTextContent(
      'It happens for everyone.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a refusal as an alert and locks both buttons while busy', () => {
    renderPopup({ busy: true, error: 'Not allowed!' });
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed!');
    expect(screen.getByRole('button', { name: /Go$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Going' })).toBeInTheDocument();
  });
});
