import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { shareJson } from '../../../infrastructure/sharedJson';
import { drawingBytes } from './quotas';

const stroke = (id: string, label: string) =>
  ({
    id,
    type: 'freedraw',
    text: label,
    points: [
      [0, 0],
      [1, 2.5],
      [3, 4],
    ],
  }) as unknown as SceneElement;

describe('drawingBytes', () => {
  it('is the byte length of the drawing as the log stores it, shared or read back', () => {
    const drawing = [stroke('a', 'ascii'), stroke('b', 'ünïcödé ✏️'), stroke('c', '"quoted"')];
    const stored = JSON.stringify(drawing);
    shareJson(drawing);
    expect(drawingBytes(drawing)).toBe(Buffer.byteLength(stored));
    const readBack = JSON.parse(stored) as SceneElement[];
    expect(drawingBytes(readBack)).toBe(Buffer.byteLength(stored));
    expect(drawingBytes([readBack[0]!])).toBe(Buffer.byteLength(JSON.stringify([readBack[0]])));
  });

  it('is 0 for no elements (a drawing that changes nothing costs nothing)', () => {
    expect(drawingBytes([])).toBe(0);
  });
});
