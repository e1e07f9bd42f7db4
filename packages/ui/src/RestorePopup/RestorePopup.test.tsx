import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RestorePopup } from './RestorePopup';

describe('RestorePopup', () => {
  it('says which version comes back and that nothing is lost', () => {
    render(
      <RestorePopup open revision={7} when="10:15" onRestore={() => {}} onCancel={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore this version?' });
    expect(dialog).toHaveTextContent('as it did at revision 7 (10:15)');
    expect(dialog).toHaveTextContent('stays in the history');
  });

  it('restores or cancels from its buttons', async () => {
    const onRestore = vi.fn();
    const onCancel = vi.fn();
    render(<RestorePopup open revision={7} onRestore={onRestore} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRestore).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal and is absent when closed", () => {
    const { rerender } = render(
      <RestorePopup
        open
        revision={7}
        error="Not allowed!"
        onRestore={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed!');
    rerender(<RestorePopup open={false} revision={7} onRestore={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
