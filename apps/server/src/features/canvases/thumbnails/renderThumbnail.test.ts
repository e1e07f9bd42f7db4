import { describe, expect, it } from 'vitest';
import { completeElement } from '@tabula/domain';
import { isSafeSvg } from '../files/svgSafety';
import { escapeXml, renderThumbnail } from './renderThumbnail';

const TAGS = new Set(['svg', 'g', 'rect', 'ellipse', 'path', 'text', 'tspan']);
const TAG = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/y;

/**
 * The markup read with a strict grammar: only the renderer's tags, every attribute quoted with
 * no quote or bracket inside, text without brackets, tags balanced. Anything injected fails it.
 */
function parse(svg: string): { tags: string[]; attributes: string[]; text: string } {
  const tags: string[] = [];
  const attributes: string[] = [];
  const open: string[] = [];
  let text = '';
  let at = 0;
  while (at < svg.length) {
    if (svg[at] !== '<') {
      const end = svg.indexOf('<', at);
      const chunk = svg.slice(at, end < 0 ? svg.length : end);
      expect(chunk).not.toMatch(/[<>]/);
      text += chunk;
      at += chunk.length;
      continue;
    }
    TAG.lastIndex = at;
    const match = TAG.exec(svg);
    if (!match) throw new Error(`not the renderer's markup at ${at}: ${svg.slice(at, at + 60)}`);
    const [whole, closing, name, attrs, selfClosing] = match;
    expect(TAGS.has(name!)).toBe(true);
    if (closing) expect(open.pop()).toBe(name);
    else {
      tags.push(name!);
      for (const [, attribute] of attrs!.matchAll(/([a-zA-Z:-]+)="/g)) attributes.push(attribute!);
      if (!selfClosing) open.push(name!);
    }
    at += whole!.length;
  }
  expect(open).toEqual([]);
  return { tags, attributes, text };
}

/** The picture's size and the boxes of its rectangles, in picture pixels. */
function measure(svg: string) {
  const [width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number);
  const rects = [
    ...svg.matchAll(/<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/g),
  ].map((match) => match.slice(1).map(Number));
  return { width: width!, height: height!, rects };
}

describe('renderThumbnail', () => {
  it('draws nothing for an empty scene or one with only deleted elements', () => {
    expect(renderThumbnail([])).toBeNull();
    expect(renderThumbnail([completeElement({ id: 'a', isDeleted: true })])).toBeNull();
    expect(renderThumbnail([completeElement({ id: 't', type: 'text', text: '  ' })])).toBeNull();
  });

  it('draws each kind of element with its colours, in scene order, skipping deleted ones', () => {
    const svg = renderThumbnail([
      completeElement({
        id: 'r',
        strokeColor: '#e03131',
        backgroundColor: '#ffc9c9',
        roundness: { type: 3 },
      }),
      completeElement({ id: 'e', type: 'ellipse', x: 300, y: 0, width: 80, height: 40 }),
      completeElement({ id: 'd', type: 'diamond', x: 0, y: 300 }),
      completeElement({ id: 'gone', type: 'ellipse', isDeleted: true }),
      completeElement({
        id: 'ar',
        type: 'arrow',
        x: 10,
        y: 10,
        points: [
          [0, 0],
          [100, 50],
        ],
        endArrowhead: 'arrow',
      }),
      completeElement({
        id: 'f',
        type: 'freedraw',
        points: Array.from({ length: 500 }, (_, i) => [i, Math.sin(i / 50) * 40]),
      }),
      completeElement({ id: 't', type: 'text', text: 'Hello\nworld', fontSize: 20 }),
      completeElement({ id: 'i', type: 'image', x: 500, y: 500, width: 100, height: 100 }),
    ])!;
    const { tags, text } = parse(svg);
    expect(tags).toEqual([
      'svg',
      'g',
      'rect',
      'ellipse',
      'path',
      'path',
      'path',
      'text',
      'tspan',
      'tspan',
      'rect',
    ]);
    expect(svg).toContain('stroke="#e03131"');
    expect(svg).toContain('fill="#ffc9c9"');
    expect(svg).toMatch(/<rect[^>]* rx="/);
    expect(text).toBe('Helloworld');
    // The arrow's path has its shaft and the two strokes of its head.
    const arrow = svg.match(/<path d="([^"]+)"/g)![1]!;
    expect(arrow.match(/M/g)).toHaveLength(3);
    // A 500-point stroke keeps only the points at least two picture pixels apart.
    const stroke = svg.match(/<path d="([^"]+)"/g)![2]!;
    const steps = stroke.split('l').length - 1;
    expect(steps).toBeGreaterThan(20);
    expect(steps).toBeLessThan(250);
  });

  it('fits the picture to the drawing, with a margin, whatever the board coordinates', () => {
    const svg = renderThumbnail([
      completeElement({ id: 'a', x: -10_000, y: 200, width: 100, height: 100 }),
      completeElement({ id: 'b', x: -8_100, y: 700, width: 100, height: 100 }),
    ])!;
    const { width, height, rects } = measure(svg);
    expect(width).toBe(400);
    expect(svg).toContain(`width="400" height="${height}"`);
    const [a, b] = rects;
    expect(a![0]).toBeGreaterThan(0);
    expect(a![1]).toBeGreaterThan(0);
    expect(b![0]! + b![2]!).toBeLessThan(400);
    expect(b![1]! + b![3]!).toBeLessThan(height);
    // The drawing fills most of the picture's width.
    expect(b![0]! + b![2]! - a![0]!).toBeGreaterThan(320);
  });

  it('turns rotated elements about their centre and does not blow a tiny drawing up', () => {
    const svg = renderThumbnail([
      completeElement({ id: 'a', x: 0, y: 0, width: 20, height: 2, angle: Math.PI / 2 }),
    ])!;
    const { rects } = measure(svg);
    const [x, y, width, height] = rects[0]!;
    const [angle, cx, cy] = /transform="rotate\(([\d.]+) ([\d.]+) ([\d.]+)\)"/
      .exec(svg)!
      .slice(1)
      .map(Number);
    expect(angle).toBe(90);
    expect(cx).toBeCloseTo(x! + width! / 2, 0);
    expect(cy).toBeCloseTo(y! + height! / 2, 0);
    expect(width).toBeLessThan(40);
  });

  it('cannot be made to inject markup by any element field', () => {
    const attack = '"/><script>alert(1)</script><rect onload="alert(2)" x="';
    const svg = renderThumbnail([
      completeElement({
        id: attack,
        strokeColor: attack,
        backgroundColor: 'url(javascript:alert(3))',
        fillStyle: attack,
        strokeStyle: attack,
        opacity: attack,
        x: attack,
        angle: 'NaN',
      }),
      completeElement({
        id: 't',
        type: 'text',
        text: `</text><script>alert(4)</script>&amp;\u0000<![CDATA[x]]>`,
        textAlign: attack,
        fontFamily: attack,
        strokeColor: 'red" onclick="alert(5)',
      }),
      completeElement({
        id: 'l',
        type: 'line',
        points: [
          [0, 0],
          [attack, 1],
          [5, 5],
        ],
      }),
      completeElement({ id: 'x', type: attack, width: 10 }),
    ])!;
    const { tags, attributes, text } = parse(svg);
    expect(tags).not.toContain('script');
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(isSafeSvg(svg)).toBe(true);
    expect(svg).not.toContain('javascript');
    expect(text).toBe(
      '</text><script>alert(4)</script>&amp;<![CDATA[x]]>'.replace(/[&<>]/g, (c) => escapeXml(c)),
    );
  });

  it('escapes the five XML specials and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\uD800`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
