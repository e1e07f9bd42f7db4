import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows no placeholder links when it is given none', () => {
    render(<Footer year={2026} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Social links' })).toBeNull();
  });

  it("lists the project's links it is given, opening in a new tab", () => {
    render(
      <Footer
        year={2026}
        socialLinks={[
          { label: 'Source code', href: 'https://git.example.org/tabula', icon: 'github' },
          { label: 'Documentation', href: 'https://docs.example.org/tabula', icon: 'docs' },
        ]}
      />,
    );
    const source = screen.getByRole('link', { name: 'Source code' });
    expect(source).toHaveAttribute('href', 'https://git.example.org/tabula');
    expect(source).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('prints the copyright line with the year', () => {
    render(<Footer year={2031} productName="Tabula" />);
    expect(screen.getByText('© 2031 Tabula. All rights reserved.')).toBeInTheDocument();
  });
});
