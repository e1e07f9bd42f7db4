import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NameVersionDialog } from './NameVersionDialog';

describe('NameVersionDialog', () => {
  it('saves the trimmed name from a focused field', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<NameVersionDialog open revision={4} onSave={onSave} onCancel={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Name for revision 4' });
    expect(input).toHaveFocus();
    await user.type(input, '  Before the review {Enter}');
    expect(onSave).toHaveBeenCalledWith('Before the review');
  });

  it('refuses an empty name and caps the length at 60', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<NameVersionDialog open revision={4} onSave={onSave} onCancel={() => {}} />);
    const input = screen.getByRole('textbox');
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'x'.repeat(70));
    expect(input).toHaveValue('x'.repeat(60));
  });

  it('shows the error and locks the form while saving; Cancel cancels', async () => {
    const onCancel = vi.fn();
    render(
      <NameVersionDialog
        open
        busy
        revision={4}
        error="No."
        onSave={() => {}}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No.');
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('starts empty each time it opens', async () => {
    const user = userEvent.setup({ delay: null });
    const props = { revision: 4, onSave: () => {}, onCancel: () => {} };
    const { rerender } = render(<NameVersionDialog open {...props} />);
    await user.type(screen.getByRole('textbox'), 'Draft');
    rerender(<NameVersionDialog open={false} {...props} />);
    rerender(<NameVersionDialog open {...props} />);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});
