import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from './ActionMenu';

const items = (onEdit = vi.fn(), onDelete = vi.fn()) => [
  { key: 'history', label: 'History', href: '/canvas/1/history' },
  { key: 'edit', label: 'Edit name', onSelect: onEdit },
  { key: 'off', label: 'Export as PNG', disabled: true, onSelect: vi.fn() },
  { key: 'delete', label: 'Delete canvas', danger: true, onSelect: onDelete },
];

describe('ActionMenu', () => {
  it('is a menu button: opens with the first item focused, reports a choice and closes', async () => {
    const onEdit = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ActionMenu label="More actions" items={items(onEdit)} />);
    const button = screen.getByRole('button', { name: 'More actions' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'History' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'History' })).toHaveAttribute(
      'href',
      '/canvas/1/history',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Edit name' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('moves with the arrow keys past disabled items, chooses with Enter, closes on Escape', async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ActionMenu label="More actions" items={items(vi.fn(), onDelete)} />);
    const button = screen.getByRole('button', { name: 'More actions' });
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit name' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete canvas' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'History' })).toHaveFocus();
    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <ActionMenu label="More actions" items={items()} />
        <p>elsewhere</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
