import { fireEvent, render, screen } from '@testing-library/react';

// jsdom has no PointerEvent; a MouseEvent named 'pointermove' carries the same coordinates.
function movePointer(clientX: number, clientY: number) {
  fireEvent(window, new MouseEvent('pointermove', { clientX, clientY }));
}
import { describe, expect, it } from 'vitest';
import { CursorBlob } from './CursorBlob';

describe('CursorBlob', () => {
  it('centres itself on the pointer as it moves', () => {
    render(<CursorBlob size={100} />);
    movePointer(300, 200);
    expect(screen.getByTestId('cursor-blob').style.transform).toBe('translate(250px, 150px)');
  });

  it('stops following after unmount', () => {
    const { unmount } = render(<CursorBlob size={100} />);
    const blob = screen.getByTestId('cursor-blob');
    unmount();
    movePointer(10, 10);
    expect(blob.style.transform).toBe('');
  });

  it('is decorative', () => {
    render(<CursorBlob />);
    expect(screen.getByTestId('cursor-blob')).toHaveAttribute('aria-hidden', 'true');
  });
});
