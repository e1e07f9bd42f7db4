import { describe, expect, it } from 'vitest';
import { loadBackdrop, nextBackdrop, saveBackdrop, WHITEBOARD_BACKDROPS } from './backdrop';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('backdrop', () => {
  it('cycles the five backdrops in the spec’s order and wraps around', () => {
    const seen = [WHITEBOARD_BACKDROPS[0]!];
    for (let i = 0; i < 5; i += 1) seen.push(nextBackdrop(seen.at(-1)!));
    expect(seen).toEqual([
      'transparent',
      'lightgrey',
      'white',
      'darkgrey',
      'lightblue',
      'transparent',
    ]);
  });

  it('keeps the choice under the key the host gives, apart from other keys', () => {
    const storage = memoryStorage();
    saveBackdrop('backdrop', 'darkgrey', storage);
    expect(loadBackdrop('backdrop', storage)).toBe('darkgrey');
    expect(loadBackdrop('background-color', storage)).toBe('transparent');
    expect(storage.getItem('backdrop')).toBe('darkgrey');
  });

  it('falls back to transparent for an unknown stored value or no key', () => {
    const storage = memoryStorage();
    storage.setItem('backdrop', 'hotpink');
    expect(loadBackdrop('backdrop', storage)).toBe('transparent');
    saveBackdrop(undefined, 'white', storage);
    expect(storage.length).toBe(1);
  });
});
