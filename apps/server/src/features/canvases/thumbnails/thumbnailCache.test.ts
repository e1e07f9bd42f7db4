import { describe, expect, it } from 'vitest';
import { ThumbnailCache } from './thumbnailCache';

describe('ThumbnailCache', () => {
  it('answers a picture for its canvas and revision only', () => {
    const cache = new ThumbnailCache();
    cache.set('a', 3, '<svg/>');
    cache.set('empty', 1, null);
    expect(cache.get('a', 3)).toBe('<svg/>');
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('empty', 1)).toBeNull();
    cache.set('a', 4, '<svg>new</svg>');
    expect(cache.get('a', 3)).toBeUndefined();
    expect(cache.size).toBe('<svg>new</svg>'.length * 2);
  });

  it('lets the least recently used pictures go past its byte budget', () => {
    const picture = 'x'.repeat(50);
    const cache = new ThumbnailCache(250);
    cache.set('a', 1, picture);
    cache.set('b', 1, picture);
    expect(cache.get('a', 1)).toBe(picture);
    cache.set('c', 1, picture);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(picture);
    expect(cache.get('c', 1)).toBe(picture);
    expect(cache.size).toBeLessThanOrEqual(250);
    cache.set('huge', 1, 'x'.repeat(200));
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});
