import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loader, Spinner } from './Spinner';

describe('Spinner and Loader', () => {
  it('announces a loading status with its label', () => {
    render(<Spinner label="Signing in" />);
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeInTheDocument();
  });

  it('shows the loader label as text', () => {
    render(<Loader label="Loading canvases…" />);
    expect(screen.getByRole('status', { name: 'Loading canvases…' })).toBeInTheDocument();
    expect(screen.getByText('Loading canvases…')).toBeInTheDocument();
  });
});
