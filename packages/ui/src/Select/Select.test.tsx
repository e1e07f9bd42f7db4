import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

describe('Select', () => {
  it('is a labelled select reporting the value chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    const options = [
      { value: '1', label: '1×' },
      { value: '2', label: '2×' },
    ];
    render(<Select label="Speed" value="1" options={options} onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '2');
    expect(onChange).toHaveBeenCalledWith('2');
  });
});
