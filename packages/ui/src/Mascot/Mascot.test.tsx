import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MASCOT_IMAGES, Mascot } from './Mascot';

describe('Mascot', () => {
  it('shows a different picture for each mood', () => {
    const { rerender } = render(<Mascot mood="idle" />);
    const idle = screen.getByRole('img').getAttribute('src');
    rerender(<Mascot mood="peek" />);
    const peek = screen.getByRole('img').getAttribute('src');
    expect(idle).toBe(MASCOT_IMAGES.idle);
    expect(peek).toBe(MASCOT_IMAGES.peek);
    expect(new Set(Object.values(MASCOT_IMAGES)).size).toBe(3);
  });

  it('describes the mood in its alt text', () => {
    render(<Mascot mood="typing" />);
    expect(screen.getByRole('img', { name: 'Owl mascot reading along' })).toBeInTheDocument();
  });
});
