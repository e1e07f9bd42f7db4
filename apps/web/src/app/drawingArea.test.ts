import { describe, expect, it } from 'vitest';
import { drawingAreaSize, isDesktop, isMobileUserAgent } from './drawingArea';

describe('layout', () => {
  it('subtracts the 242 px side panel and 61 px top bar wider than 768 px', () => {
    expect(drawingAreaSize({ width: 1280, height: 800 })).toEqual({ width: 1038, height: 739 });
    expect(isDesktop(769)).toBe(true);
  });

  it('uses the full width and 103 px less height at 768 px or narrower', () => {
    expect(isDesktop(768)).toBe(false);
    expect(drawingAreaSize({ width: 768, height: 1000 })).toEqual({ width: 768, height: 897 });
    expect(drawingAreaSize({ width: 390, height: 844 })).toEqual({ width: 390, height: 741 });
  });

  it('treats Mobi, Android, iPhone, iPad and iPod user agents as mobile', () => {
    for (const token of ['Mobi', 'Android', 'iPhone', 'iPad', 'iPod']) {
      expect(isMobileUserAgent(`Mozilla/5.0 (${token}) AppleWebKit`)).toBe(true);
    }
    expect(
      isMobileUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
