import { describe, expect, it } from 'vitest';
import { labelledByContent } from './imageType';

const PNG = btoa('\x89PNG\r\n\x1a\n0000000000000000');
const file = (mimeType: string, base64: string) => ({
  id: 'f',
  mimeType,
  dataURL: `data:${mimeType};base64,${base64}`,
  created: 1,
});

describe('labelledByContent', () => {
  it('relabels a PNG called a GIF (what Excalidraw makes of a resized GIF)', () => {
    expect(labelledByContent(file('image/gif', PNG))).toEqual({
      ...file('image/png', PNG),
    });
  });

  it('leaves a file whose label is right, an SVG, and text alone', () => {
    const svg = file('image/svg+xml', btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    for (const given of [file('image/png', PNG), svg, file('text/plain', btoa('hello'))])
      expect(labelledByContent(given)).toBe(given);
  });
});
