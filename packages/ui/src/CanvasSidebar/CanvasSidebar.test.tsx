import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CanvasSidebar } from './CanvasSidebar';
import type { CanvasSidebarProps } from './CanvasSidebar';

const CANVASES = [
  { id: 'a', name: 'Oldest', timestamp: '2026-01-01T10:00:00Z' },
  { id: 'c', name: 'Newest', timestamp: '2026-03-01T10:00:00Z' },
  { id: 'b', name: 'Middle', timestamp: Date.parse('2026-02-01T10:00:00Z') },
];

function setup(overrides: Partial<CanvasSidebarProps> = {}) {
  const props: CanvasSidebarProps = {
    canvases: CANVASES,
    onNew: vi.fn(),
    onRename: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(<CanvasSidebar {...props} />);
  return { props, user: userEvent.setup({ delay: null }) };
}

describe('CanvasSidebar', () => {
  it('lists the canvases newest first, each linking to /canvas/:id', () => {
    setup({ activeId: 'b' });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent?.split(/\d/)[0])).toEqual([
      expect.stringContaining('Newest'),
      expect.stringContaining('Middle'),
      expect.stringContaining('Oldest'),
    ]);
    expect(links[0]).toHaveAttribute('href', '/canvas/c');
    expect(links[1]).toHaveAttribute('aria-current', 'page');
  });

  it('creates a new canvas', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'New canvas' }));
    expect(props.onNew).toHaveBeenCalledOnce();
  });

  it('renames inline with a prefilled input', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename Middle' }));
    const input = screen.getByRole('textbox', { name: 'New name for Middle' });
    expect(input).toHaveValue('Middle');
    await user.clear(input);
    await user.type(input, 'Sketches{Enter}');
    expect(props.onRename).toHaveBeenCalledWith('b', 'Sketches');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('abandons a rename on Cancel', async () => {
    const { props, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename Oldest' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Oldest/ })).toBeInTheDocument();
  });

  it('asks to delete a canvas', async () => {
    const { props, user } = setup();
    const item = screen.getByRole('link', { name: /Newest/ }).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Delete Newest' }));
    expect(props.onDelete).toHaveBeenCalledWith('c');
  });

  it('shows an empty state', () => {
    setup({ canvases: [] });
    expect(screen.getByText('No canvases yet. Create your first one.')).toBeInTheDocument();
  });
});
