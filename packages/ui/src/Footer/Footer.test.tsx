import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';

describe('Footer', () => {
  it('lists the social links, opening in a new tab', () => {
    render(<Footer year={2026} />);
    const github = screen.getByRole('link', { name: 'GitHub' });
    expect(github).toHaveAttribute('href', 'https://github.com/');
    expect(github).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('prints the copyright line with the year', () => {
    render(<Footer year={2031} productName="Tabula" />);
    expect(screen.getByText('© 2031 Tabula. All rights reserved.')).toBeInTheDocument();
  });
});
