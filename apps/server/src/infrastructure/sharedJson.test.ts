import { describe, expect, it } from 'vitest';
import {
  jsonOf,
  transientJsonOf,
  parseShared,
  shareJson,
  stringify,
  textsAsArray,
  jsonPieces,
} from './sharedJson';

describe('sharedJson', () => {
  const elements = () => [
    { id: 'a', text: 'quote " and \\ backslash', points: [[1, 2]] },
    { id: 'b', text: '__shared_json_0__', nested: { deep: [null, true] } },
  ];

  it('gives exactly what JSON.stringify gives, shared or not, wherever the objects sit', () => {
    const shared = elements();
    shareJson(shared);
    const event = { type: 'LineDrawn', data: { canvasId: 'c', elements: shared, n: 1 } };
    const merged = ['updated-canvas', { elements: [shared[1], shared[0], { id: 'fresh' }] }];
    for (const value of [event, merged, shared, shared[0], elements(), 'text', 3, null])
      expect(stringify(value)).toBe(JSON.stringify(value));
    expect(stringify(undefined)).toBeUndefined();
  });

  it('splices many shared objects back in their places', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `e${i}`, v: [i, `${i}`] }));
    shareJson(many);
    const value = { first: many.slice(0, 12).reverse(), rest: many.slice(12), tail: 'end' };
    expect(stringify(value)).toBe(JSON.stringify(value));
  });

  it('reuses the remembered text instead of serialising the objects again', () => {
    const shared = elements();
    shareJson(shared);
    // Proof of reuse: the remembered text wins even though the object changed since.
    shared[0]!.text = 'changed';
    expect(stringify({ elements: shared })).toContain('quote');
    expect(stringify(shared[0])).toContain('quote');
  });

  it('parses texts into objects that are written out with those very texts', () => {
    const texts = elements().map(jsonOf);
    const parsed = parseShared(texts);
    expect(parsed).toEqual(elements());
    expect(parsed.map(jsonOf)).toEqual(texts);
    // Proof of reuse, as above.
    (parsed[0] as { text: string }).text = 'changed';
    expect(stringify({ elements: parsed })).toContain('quote');
    expect(parseShared([])).toEqual([]);
  });

  it('measures with the remembered text, and remembers nothing for what it measures', () => {
    const shared = elements();
    shareJson(shared);
    shared[0]!.text = 'changed';
    expect(transientJsonOf(shared[0]!)).toContain('quote');
    const fresh = elements()[0]!;
    expect(transientJsonOf(fresh)).toBe(JSON.stringify(fresh));
    // Not remembered: a later change shows, where jsonOf's remembered text would not.
    fresh.text = 'changed';
    expect(transientJsonOf(fresh)).toContain('changed');
  });

  it('writes texts that stand in an array as they are, without parsing them', () => {
    const texts = elements().map(jsonOf);
    const message = { canvasId: 'c', elements: textsAsArray(texts), empty: textsAsArray([]) };
    expect(JSON.parse(stringify(message)!)).toEqual({
      canvasId: 'c',
      elements: elements(),
      empty: [],
    });
  });

  it('gives the texts of a stand-in as pieces of their own, never joined', () => {
    const texts = elements().map(jsonOf);
    const message = ['scene-chunk', { canvasId: 'c', elements: textsAsArray(texts) }];
    const pieces = jsonPieces(message)!;
    expect(pieces.join('')).toBe(stringify(message));
    expect(JSON.parse(pieces.join(''))).toEqual([
      'scene-chunk',
      { canvasId: 'c', elements: elements() },
    ]);
    // Each text a piece of its own: a frame is written from them one by one.
    for (const text of texts) expect(pieces.some((piece) => piece === text)).toBe(true);
    expect(pieces.length).toBeGreaterThan(texts.length);
  });

  it('throws where JSON.stringify throws', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => stringify(cycle)).toThrow(TypeError);
    expect(() => stringify({ big: 1n })).toThrow(TypeError);
  });
});
