import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExportMenu } from './ExportMenu';

describe('ExportMenu', () => {
  it('opens a menu of formats and reports the choice', async () => {
    const onExport = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ExportMenu onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'PNG image' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'SVG image' }));
    expect(onExport).toHaveBeenCalledWith('svg');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers the selection alone only while something is selected', async () => {
    const onExport = vi.fn();
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<ExportMenu onExport={onExport} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'PNG image',
      'SVG image',
    ]);
    rerender(<ExportMenu onExport={onExport} selection />);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'PNG image',
      'SVG image',
      'Selection as PNG',
      'Selection as SVG',
    ]);
    expect(screen.getByRole('separator')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Selection as SVG' }));
    expect(onExport).toHaveBeenCalledWith('svg', 'selection');
  });

  it('closes on Escape with focus back on the button, and on a click elsewhere', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <ExportMenu onExport={() => {}} />
        <p>Elsewhere</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is disabled while exporting', () => {
    render(<ExportMenu busy onExport={() => {}} />);
    expect(screen.getByRole('button', { name: /Export$/ })).toBeDisabled();
  });
});
