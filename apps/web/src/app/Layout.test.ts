import { describe, expect, it } from 'vitest';
import { showsCursorBlob } from './Layout';

describe('showsCursorBlob', () => {
  it('hides the blob on /canvas and /livecanvas and shows it elsewhere', () => {
    expect(showsCursorBlob('/canvas/abc')).toBe(false);
    expect(showsCursorBlob('/livecanvas/abc')).toBe(false);
    expect(showsCursorBlob('/')).toBe(true);
    expect(showsCursorBlob('/canvases')).toBe(true);
    expect(showsCursorBlob('/livecanvases')).toBe(true);
  });
});
