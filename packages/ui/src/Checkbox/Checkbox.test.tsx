import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is a labelled checkbox that Space toggles', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<Checkbox label="Skip idle time" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Skip idle time' });
    box.focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
