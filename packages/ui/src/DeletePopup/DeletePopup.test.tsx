import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeletePopup } from './DeletePopup';

describe('DeletePopup', () => {
  it('asks with the spec text', () => {
    render(<DeletePopup open onDelete={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Delete Canvas' })).toHaveTextContent(
      'Are you sure you want to delete your canvas? All of your data will be permanently removed. This action cannot be undone.',
    );
  });

  it('calls onDelete and onCancel from its buttons', async () => {
    const onDelete = vi.fn();
    const onCancel = vi.fn();
    render(<DeletePopup open onDelete={onDelete} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('locks its buttons while deleting and is absent when closed', () => {
    const { rerender } = render(<DeletePopup open busy onDelete={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: /Delete$/ })).toBeDisabled();
    rerender(<DeletePopup open={false} onDelete={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
