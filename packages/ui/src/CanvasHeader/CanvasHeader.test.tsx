import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CanvasHeader } from './CanvasHeader';

describe('CanvasHeader', () => {
  it('shows the warning title and no actions when signed out', () => {
    render(<CanvasHeader signedIn={false} title="Roadmap" onToggleSidebar={() => {}} />);
    expect(screen.getByRole('heading')).toHaveTextContent("Your work won't be saved.");
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offers toggle, edit, delete and online users when signed in', async () => {
    const handlers = {
      onToggleSidebar: vi.fn(),
      onEdit: vi.fn(),
      onDelete: vi.fn(),
      onShowOnlineUsers: vi.fn(),
    };
    const user = userEvent.setup({ delay: null });
    render(<CanvasHeader signedIn title="Roadmap" onlineCount={3} {...handlers} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Roadmap');
    await user.click(screen.getByRole('button', { name: 'Show sidebar' }));
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.click(screen.getByRole('button', { name: 'Delete canvas' }));
    await user.click(screen.getByRole('button', { name: /Online users/ }));
    for (const handler of Object.values(handlers)) expect(handler).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('3 online')).toBeInTheDocument();
  });

  it('offers Leave instead of Delete on a live canvas', () => {
    render(<CanvasHeader signedIn live title="Team board" />);
    expect(screen.getByRole('button', { name: 'Leave canvas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete canvas' })).toBeNull();
  });

  it('edits the name in a focused, prefilled input and saves it', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<CanvasHeader signedIn editing title="Roadmap" onSave={onSave} />);
    const input = screen.getByRole('textbox', { name: 'Canvas name' });
    expect(input).toHaveValue('Roadmap');
    expect(input).toHaveFocus();
    await user.keyboard('{End} 2027{Enter}');
    expect(onSave).toHaveBeenCalledWith('Roadmap 2027');
  });

  it('cancels editing with the button or Escape', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<CanvasHeader signedIn editing title="Roadmap" onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.type(screen.getByRole('textbox'), '{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('refuses to save an empty name', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<CanvasHeader signedIn editing title="Roadmap" onSave={onSave} />);
    await user.clear(screen.getByRole('textbox'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('links to the history and exports the board from its menu', async () => {
    const onExport = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <CanvasHeader
        signedIn
        title="Roadmap"
        historyHref="/canvas/c1/history"
        onExport={onExport}
      />,
    );
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/canvas/c1/history',
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'PNG image' }));
    expect(onExport).toHaveBeenCalledWith('png');
  });

  it('has neither History nor Export without their props', () => {
    render(<CanvasHeader signedIn title="Roadmap" />);
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows the people of the canvas by name, the dot on those here now', () => {
    render(
      <CanvasHeader
        signedIn
        live
        title="Team board"
        people={[
          { id: 'u2', name: 'grace', here: true },
          { id: 'u3', name: 'linus' },
        ]}
      />,
    );
    const people = screen.getByRole('list', { name: 'People on this canvas' });
    expect(people).toHaveTextContent('grace');
    expect(people).toHaveTextContent('linus');
    expect(screen.getByRole('img', { name: 'grace, here now' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'linus' })).toBeInTheDocument();
  });

  it('has no people list when alone, and takes extra actions', () => {
    render(
      <CanvasHeader signedIn title="Roadmap" extraActions={<button type="button">Share</button>} />,
    );
    expect(screen.queryByRole('list', { name: 'People on this canvas' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('on a phone keeps Share beside the whole title and the other actions in a menu', async () => {
    const handlers = { onEdit: vi.fn(), onDelete: vi.fn(), onShowOnlineUsers: vi.fn() };
    const onExport = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <CanvasHeader
        signedIn
        compact
        title="Lively brainstorm"
        historyHref="/canvas/1/history"
        onExport={onExport}
        onlineCount={2}
        extraActions={<button type="button">Share</button>}
        {...handlers}
      />,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'History',
      'Export as PNG',
      'Export as SVG',
      'Online users (2)',
      'Edit name',
      'Delete canvas',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Export as SVG' }));
    expect(onExport).toHaveBeenCalledWith('svg');
    for (const name of ['Online users (2)', 'Edit name', 'Delete canvas']) {
      await user.click(screen.getByRole('button', { name: 'More actions' }));
      await user.click(screen.getByRole('menuitem', { name }));
    }
    for (const handler of Object.values(handlers)) expect(handler).toHaveBeenCalledOnce();
  });

  it('offers no actions for a canvas that cannot be opened', () => {
    render(
      <CanvasHeader
        signedIn
        unavailable
        title="Canvas"
        historyHref="/h"
        onExport={() => {}}
        onToggleSidebar={() => {}}
        extraActions={<button type="button">Share</button>}
      />,
    );
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Show sidebar']);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
