import { describe, expect, it } from 'vitest';
import { ALLOWED_ELEMENT_TYPES } from '../scene/index';
import { checkSceneElement, checkSceneElements } from './sceneElements.validator';

const valid = {
  id: 'a',
  type: 'ellipse',
  version: 1,
  versionNonce: -5,
  isDeleted: true,
  index: null,
  anything: { else: ['goes'] },
};

describe('checkSceneElement', () => {
  it('accepts a valid element, tombstones and null index included', () => {
    expect(checkSceneElement(valid, 'el')).toBeUndefined();
    expect(checkSceneElement({ ...valid, index: 'a0V', isDeleted: false }, 'el')).toBeUndefined();
  });

  it('accepts every allowed type and refuses embeds', () => {
    for (const type of ALLOWED_ELEMENT_TYPES) {
      expect(checkSceneElement({ ...valid, type }, 'el')).toBeUndefined();
    }
    expect(ALLOWED_ELEMENT_TYPES).not.toContain('iframe');
    expect(ALLOWED_ELEMENT_TYPES).not.toContain('embeddable');
    expect(checkSceneElement({ ...valid, type: 'iframe' }, 'el')).toMatch(
      /^el\.type must be one of/,
    );
  });

  const refusals: [string, unknown, RegExp][] = [
    ['not an object', 'rect', /^el must be an object/],
    ['an array', [valid], /^el must be an object/],
    ['null', null, /^el must be an object/],
    ['no id', { ...valid, id: undefined }, /^el\.id must be a string of 1 to 100/],
    ['an empty id', { ...valid, id: '' }, /^el\.id must be/],
    ['a 101-character id', { ...valid, id: 'x'.repeat(101) }, /^el\.id must be/],
    [
      'an index that is not a fractional index',
      { ...valid, index: 'a 0!' },
      /^el\.index must be null or a fractional index/,
    ],
    ['a numeric id', { ...valid, id: 7 }, /^el\.id must be/],
    ['no type', { ...valid, type: undefined }, /^el\.type must be one of/],
    ['version 0', { ...valid, version: 0 }, /^el\.version must be an integer of at least 1/],
    ['a fractional version', { ...valid, version: 1.5 }, /^el\.version must be/],
    ['a string version', { ...valid, version: '2' }, /^el\.version must be/],
    [
      'no versionNonce',
      { ...valid, versionNonce: undefined },
      /^el\.versionNonce must be an integer/,
    ],
    ['a NaN versionNonce', { ...valid, versionNonce: Number.NaN }, /^el\.versionNonce must be/],
    ['no isDeleted', { ...valid, isDeleted: undefined }, /^el\.isDeleted must be a boolean/],
    ['isDeleted as 0', { ...valid, isDeleted: 0 }, /^el\.isDeleted must be a boolean/],
    ['no index', { ...valid, index: undefined }, /^el\.index must be null or a fractional index/],
    ['a numeric index', { ...valid, index: 3 }, /^el\.index must be null or a fractional index/],
    ['a string updated', { ...valid, updated: 'now' }, /^el\.updated must be a number/],
    [
      'points not an array',
      { ...valid, points: {} },
      /^el\.points must be an array of at most 10000/,
    ],
    [
      '10,001 points',
      { ...valid, points: Array.from({ length: 10_001 }, () => [0, 0]) },
      /^el\.points/,
    ],
  ];
  for (const [label, element, message] of refusals) {
    it(`refuses ${label}`, () => {
      expect(checkSceneElement(element, 'el')).toMatch(message);
    });
  }

  it('accepts 10,000 points', () => {
    const points = Array.from({ length: 10_000 }, (_, n) => [n, n]);

    expect(checkSceneElement({ ...valid, type: 'freedraw', points }, 'el')).toBeUndefined();
  });

  it('refuses __proto__, constructor and prototype keys at any depth', () => {
    const samples = [
      '{"__proto__":{"x":1}}',
      '{"customData":{"constructor":{"prototype":{"x":1}}}}',
      '{"boundElements":[{"prototype":1}]}',
    ];
    for (const sample of samples) {
      const element = { ...valid, ...(JSON.parse(sample) as object) };
      expect(checkSceneElement(element, 'el')).toMatch(
        /(__proto__|constructor|prototype) is not allowed/,
      );
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('checkSceneElements', () => {
  it('names the first bad element by its position', () => {
    const problem = checkSceneElements([valid, valid, { ...valid, isDeleted: 'no' }], 'elements');

    expect(problem).toBe('elements[2].isDeleted must be a boolean.');
  });

  it('caps the number of elements', () => {
    expect(checkSceneElements([valid, valid, valid], 'elements', 2)).toBe(
      'elements must hold at most 2 elements.',
    );
  });
});
