import { describe, expect, it } from 'vitest';
import { rect } from '../test/elements';
import { isValidFractionalIndex, withValidIndices } from './fractionalIndex';

describe('isValidFractionalIndex', () => {
  it('accepts keys Excalidraw makes', () => {
    for (const key of ['a0', 'a1', 'aV', 'a0V', 'b00', 'b0z', 'Zz', 'a1V5'])
      expect(isValidFractionalIndex(key)).toBe(true);
  });

  it('refuses malformed keys', () => {
    for (const key of ['', 'b0', 'a10', 'a', '0a', 'a!', 'a1 ', `A${'0'.repeat(26)}`]) {
      expect(isValidFractionalIndex(key)).toBe(false);
    }
  });
});

describe('withValidIndices', () => {
  it('clears only malformed indices', () => {
    const good = rect('g', 1, { index: 'a1' });
    const [kept, cleared] = withValidIndices([good, rect('b', 1, { index: 'b0' })]);
    expect(kept).toBe(good);
    expect(cleared!.index).toBeNull();
  });
});
