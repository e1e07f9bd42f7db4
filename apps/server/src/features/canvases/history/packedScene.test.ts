/** A scene's elements cross threads in parts and come out as they went in. */
import { describe, expect, it } from 'vitest';
import { packParts, unpackPart } from './packedScene';
import type { HeldElement } from './packedScene';

const held = (n: number, extra: Partial<HeldElement> = {}): HeldElement => ({
  id: `element-${n}`,
  text: JSON.stringify({ id: `element-${n}`, text: 'é🙂'.repeat(n % 3), points: [[n, n]] }),
  index: `a${n.toString(36)}`,
  isDeleted: false,
  ...extra,
});

describe('packParts and unpackPart', () => {
  it('give back every element in order: ids, texts (any characters), indexes, deletions', () => {
    const elements = [
      ...Array.from({ length: 40 }, (_, n) => held(n)),
      held(40, { index: null }),
      held(41, { isDeleted: true }),
      held(42, { index: null, isDeleted: true }),
    ];
    const parts = [...packParts(elements, 500)];
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.flatMap((part) => [...unpackPart(part)])).toEqual(elements);
  });

  it('cut parts at about the size asked, one element at least each', () => {
    const elements = Array.from({ length: 10 }, (_, n) => held(n, { text: 'x'.repeat(300) }));
    const parts = [...packParts(elements, 1_000)];
    expect(parts.map((part) => part.flags.length)).toEqual([4, 4, 2]);
    const huge = [held(0, { text: 'y'.repeat(5_000) }), held(1)];
    expect([...packParts(huge, 1_000)].map((part) => part.flags.length)).toEqual([1, 1]);
    expect([...packParts([], 1_000)]).toEqual([]);
  });
});
