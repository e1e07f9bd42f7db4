import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

/** A page with a button that opens a modal holding two fields and a Save button. */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Elsewhere</button>
      <Modal open={open} title="Settings" onClose={close}>
        <input aria-label="Name" />
        <input aria-label="Email" />
        <button type="button">Save</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal <dialog> that takes focus', () => {
    render(
      <Modal open title="Settings" onClose={() => {}}>
        <input aria-label="Name" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on the backdrop and on the close button, not on a press inside', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <Modal open title="Settings" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // A press on the ::backdrop reaches the dialog itself (the panel fills the rest).
    await user.click(screen.getByRole('dialog'));
    await user.click(screen.getByText('Body'));
    await user.click(screen.getByRole('heading', { name: 'Settings' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Settings" onClose={() => {}}>
        <p>Body</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
