import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './ShareDialog';

const links = [
  { linkId: 'l1', createdAt: '2026-11-23T10:00:00.000Z' },
  { linkId: 'l2', createdAt: '2026-11-23T11:00:00.000Z' },
];
const props = {
  open: true,
  onClose: () => {},
  onCreate: () => {},
  onRevoke: () => {},
  formatTime: (iso: string) => iso.slice(11, 16),
};

describe('ShareDialog', () => {
  it('lists the active links and revokes the one asked', async () => {
    const onRevoke = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ShareDialog {...props} links={links} onRevoke={onRevoke} />);
    const list = screen.getByRole('list', { name: 'Active view links' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Link 1, created 10:00Revoke', 'Link 2, created 11:00Revoke']);
    await user.click(screen.getByRole('button', { name: 'Revoke link 2' }));
    expect(onRevoke).toHaveBeenCalledWith('l2');
  });

  it('creates a link, then shows its address once and copies it', async () => {
    const onCreate = vi.fn();
    const copyText = vi.fn(async () => {});
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<ShareDialog {...props} links={[]} onCreate={onCreate} />);
    expect(screen.getByText('No view link yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a view link' }));
    expect(onCreate).toHaveBeenCalled();
    const url = 'https://tabula.example/view/abc';
    rerender(
      <ShareDialog
        {...props}
        links={[links[0]!]}
        createdUrl={url}
        onCreate={onCreate}
        copyText={copyText}
      />,
    );
    expect(screen.getByRole('textbox')).toHaveValue(url);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledWith(url);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows a loader while loading, and the error; buttons wait while busy', () => {
    const { rerender } = render(<ShareDialog {...props} links={null} />);
    expect(screen.getByRole('status', { name: 'Loading the links' })).toBeInTheDocument();
    rerender(<ShareDialog {...props} links={links} busy error="Not allowed!" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed!');
    expect(screen.getByRole('button', { name: 'Create a view link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke link 1' })).toBeDisabled();
  });
});
