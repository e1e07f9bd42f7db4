import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_IMAGES,
  BACKGROUND_ROTATION_MS,
  BackgroundRotator,
  CALM_BACKGROUND_IMAGES,
} from './BackgroundRotator';

const PICTURES = ['a.svg', 'b.svg', 'c.svg'];

function activePicture(background: HTMLElement): string {
  return (background.querySelector('.is-active') as HTMLElement).style.backgroundImage;
}

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
    render(<BackgroundRotator images={PICTURES} intervalMs={100} />);
    const background = screen.getByTestId('background');
    act(() => vi.advanceTimersByTime(300));
    expect(background).toHaveAttribute('data-index', '0');
    act(() => vi.advanceTimersByTime(100));
    expect(background).toHaveAttribute('data-index', '1');
    expect(activePicture(background)).toBe('url("b.svg")');
  });

  it('ships a calm set of three pictures, other files than the scenic ones', () => {
    expect(CALM_BACKGROUND_IMAGES).toHaveLength(3);
    for (const calm of CALM_BACKGROUND_IMAGES) expect(BACKGROUND_IMAGES).not.toContain(calm);
  });

  it('shows pages with the same key the same picture, whenever each opened', () => {
    vi.setSystemTime(1_000_000_000_000);
    const { getAllByTestId } = render(<BackgroundRotator images={PICTURES} syncKey="canvas-1" />);
    // The second page opens 12 s later, then both stay open for two and a half minutes.
    act(() => vi.advanceTimersByTime(12_000));
    render(<BackgroundRotator images={PICTURES} syncKey="canvas-1" />);
    const [first, second] = getAllByTestId('background') as [HTMLElement, HTMLElement];
    const seen = new Set<string>();
    for (let tick = 0; tick < 150; tick += 1) {
      act(() => vi.advanceTimersByTime(1_000));
      expect(activePicture(second)).toBe(activePicture(first));
      seen.add(activePicture(first));
    }
    // …and the pictures still rotate, every 30 s.
    expect(seen.size).toBe(3);
  });

  it('starts pages without a key where they were told, so they drift apart', () => {
    vi.setSystemTime(1_000_000_000_000);
    const { getAllByTestId } = render(<BackgroundRotator images={PICTURES} />);
    act(() => vi.advanceTimersByTime(BACKGROUND_ROTATION_MS));
    render(<BackgroundRotator images={PICTURES} />);
    const [first, second] = getAllByTestId('background') as [HTMLElement, HTMLElement];
    expect(activePicture(first)).not.toBe(activePicture(second));
  });
});
