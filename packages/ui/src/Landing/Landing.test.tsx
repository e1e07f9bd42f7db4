import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Landing } from './Landing';

describe('Landing', () => {
  it('states the tagline with the spec wording', () => {
    render(<Landing signedIn={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'a leading whiteboard application for solo work or collaboration',
    );
    expect(screen.getByText(/start creating something phenominal/i)).toBeInTheDocument();
  });

  it('sends visitors to sign in', () => {
    render(<Landing signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Get Started for Free!' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('sends signed-in users to their canvases', () => {
    render(<Landing signedIn />);
    expect(screen.getByRole('link', { name: 'Unleash Your Creativity' })).toHaveAttribute(
      'href',
      '/canvases',
    );
  });
});
