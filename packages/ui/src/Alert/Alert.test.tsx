import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';

describe('Alert', () => {
  it('shows a danger message as an alert', () => {
    render(<Alert text="Not allowed!" type="danger" show />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed!');
  });

  it('shows a normal message as a status', () => {
    render(<Alert text="Canvas deleted Successfully" type="alert" show />);
    expect(screen.getByRole('status')).toHaveTextContent('Canvas deleted Successfully');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders nothing when hidden', () => {
    const { container } = render(<Alert text="Not allowed!" type="danger" show={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('calls onClose from its close button', async () => {
    const onClose = vi.fn();
    render(<Alert text="Hi" type="alert" show onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
