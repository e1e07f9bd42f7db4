import { describe, expect, it } from 'vitest';
import { LARGE_UPDATE_WEIGHT, updateWeight } from './largeUpdates';

const stroke = (points: number) => ({
  id: `s${points}`,
  type: 'freedraw',
  points: Array.from({ length: points }, (_, i) => [i, i]),
});

describe('large canvas updates', () => {
  it('weighs an update by its elements and their points', () => {
    expect(updateWeight({ elements: [stroke(120), { id: 'r', type: 'rectangle' }] })).toBe(122);
  });

  it('weighs anything that is not an update with elements as nothing (the DTO refuses it)', () => {
    for (const payload of [undefined, null, 42, 'x', [], {}, { elements: 'many' }])
      expect(updateWeight(payload)).toBe(0);
    expect(updateWeight({ elements: [null, 7, { points: 'long' }, { points: [[0, 0]] }] })).toBe(5);
  });

  it('takes a stroke a person draws in one pass, and a paste of 100 such strokes in turns', () => {
    expect(updateWeight({ elements: [stroke(600)] })).toBeLessThanOrEqual(LARGE_UPDATE_WEIGHT);
    const paste = Array.from({ length: 100 }, () => stroke(120));
    expect(updateWeight({ elements: paste })).toBeGreaterThan(LARGE_UPDATE_WEIGHT);
  });
});
