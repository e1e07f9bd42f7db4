import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VersionActions } from './VersionActions';

function handlers() {
  return { onRestore: vi.fn(), onCopy: vi.fn(), onName: vi.fn() };
}

describe('VersionActions', () => {
  it('offers the owner Restore, Make a copy and Name this version for the shown revision', async () => {
    const on = handlers();
    render(<VersionActions revision={4} caption="Revision 4" canRestore {...on} />);
    expect(screen.getByRole('group', { name: 'This version' })).toHaveTextContent('Revision 4');
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make a copy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Name this version' }));
    for (const handler of Object.values(on)) expect(handler).toHaveBeenCalledOnce();
  });

  it('shows no Restore to a collaborator', () => {
    render(<VersionActions revision={4} caption="Revision 4" {...handlers()} />);
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Make a copy' })).toBeEnabled();
  });

  it('cannot restore the latest version, copy twice at once, or act before a revision', () => {
    const { rerender } = render(
      <VersionActions revision={9} caption="Now" canRestore isLatest copying {...handlers()} />,
    );
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Make a copy/ })).toBeDisabled();
    rerender(<VersionActions revision={null} caption="Loading" canRestore {...handlers()} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
