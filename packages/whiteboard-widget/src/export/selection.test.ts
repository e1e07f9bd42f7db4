import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { sameIds, selectedIds, selectionForExport } from './selection';

function element(id: string, extra: Record<string, unknown> = {}): SceneElement {
  return { id, type: 'rectangle', isDeleted: false, ...extra } as unknown as SceneElement;
}

describe('selectionForExport', () => {
  const scene = [
    element('box'),
    element('label', { type: 'text', containerId: 'box' }),
    element('other'),
    element('frame', { type: 'frame' }),
    element('inside', { frameId: 'frame' }),
    element('gone', { isDeleted: true }),
  ];

  it('keeps the selected elements with their bound text, in scene order', () => {
    expect(selectionForExport(scene, ['box']).map((e) => e.id)).toEqual(['box', 'label']);
  });

  it('takes the contents of a selected frame and leaves deleted elements out', () => {
    expect(selectionForExport(scene, ['gone', 'frame']).map((e) => e.id)).toEqual([
      'frame',
      'inside',
    ]);
  });

  it('is empty when nothing is selected', () => {
    expect(selectionForExport(scene, [])).toEqual([]);
  });
});

describe('selectedIds and sameIds', () => {
  it('reads the ids marked true', () => {
    expect(selectedIds({ a: true, b: false, c: true })).toEqual(['a', 'c']);
  });

  it('compares selections as sets', () => {
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
    expect(sameIds(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
