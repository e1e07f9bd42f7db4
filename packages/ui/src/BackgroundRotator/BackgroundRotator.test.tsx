import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_IMAGES, BACKGROUND_ROTATION_MS, BackgroundRotator } from './BackgroundRotator';

describe('BackgroundRotator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ships three pictures and rotates every 30 s by default', () => {
    expect(BACKGROUND_IMAGES).toHaveLength(3);
    expect(BACKGROUND_ROTATION_MS).toBe(30_000);
    render(<BackgroundRotator />);
    const background = screen.getByTestId('background');
    act(() => vi.advanceTimersByTime(29_999));
    expect(background).toHaveAttribute('data-index', '0');
    act(() => vi.advanceTimersByTime(1));
    expect(background).toHaveAttribute('data-index', '1');
  });

  it('wraps around after the last picture, at the injected interval', () => {
    render(<BackgroundRotator images={['a.svg', 'b.svg', 'c.svg']} intervalMs={100} />);
    const background = screen.getByTestId('background');
    act(() => vi.advanceTimersByTime(300));
    expect(background).toHaveAttribute('data-index', '0');
    act(() => vi.advanceTimersByTime(100));
    expect(background).toHaveAttribute('data-index', '1');
    expect(background.querySelector('.is-active')).toHaveStyle({ backgroundImage: 'url("b.svg")' });
  });
});
