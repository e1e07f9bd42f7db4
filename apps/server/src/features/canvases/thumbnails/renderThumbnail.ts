/**
 * A canvas's drawing as a small SVG picture for its card: scene elements in, an SVG string
 * out (null when nothing is drawn). Rectangles, ellipses and diamonds as shapes; lines, arrows
 * and freehand strokes as paths; text as `<text>`; images and frames as outlined boxes. The
 * picture fits the drawing, written in its own pixels (400 across), so its size does not grow
 * with the board's coordinates. Every value that reaches the markup is a number this module
 * formats, a colour that matched a strict pattern, or text escaped for XML, so an element
 * cannot inject markup.
 */
import type { SceneElement } from '@tabula/domain';

/** Bumped when the picture changes for the same scene (it is part of the ETag). */
export const THUMBNAIL_RENDERER_VERSION = 2;

/** The picture's longer side, in CSS pixels. */
const LONG_SIDE = 400;
/** A tiny drawing is not blown up beyond this many scene units across. */
const MIN_SPAN = 240;
/** A path's points closer than this (picture pixels, twice the card's) are dropped. */
const MIN_STEP = 2;
/** Characters of one text element shown. */
const MAX_TEXT = 400;
const DEFAULT_STROKE = '#1e1e1e';
const DEFAULT_STROKE_WIDTH = 2;
const PLACEHOLDER_FILL = '#e2e8f0';
const PLACEHOLDER_STROKE = '#94a3b8';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** One element: the scene area it covers, and its markup once the picture's scale is known. */
interface Drawn {
  box: Box;
  markup(pen: Pen): string;
}

type Point = readonly [number, number];

// ── Values ────────────────────────────────────────────────────────────────────────────────

/** Characters XML 1.0 does not allow, and lone surrogates. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Hex, a named colour, or rgb()/hsl() of plain numbers; anything else is refused. */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,24}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]{1,40}\))$/i;

/** A colour to paint with, `none` for transparent, `fallback` when unreadable. */
function colour(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !COLOUR.test(value)) return fallback;
  return value.toLowerCase() === 'transparent' ? 'none' : escapeXml(value);
}

function num(element: SceneElement, key: string, fallback = 0): number {
  const value = element[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A number as short as the picture needs (one decimal). */
function fmt(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function pointsOf(element: SceneElement): Point[] {
  const raw = element.points;
  if (!Array.isArray(raw)) return [];
  const points: Point[] = [];
  for (const point of raw) {
    if (!Array.isArray(point)) continue;
    const [px, py] = point as unknown[];
    if (typeof px === 'number' && typeof py === 'number' && Number.isFinite(px + py))
      points.push([px, py]);
  }
  return points;
}

// ── Geometry ──────────────────────────────────────────────────────────────────────────────

function boxOf(points: readonly Point[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

/** The area `box` covers once turned by `angle` about its centre, widened by `margin`. */
function covered(box: Box, angle: number, margin: number): Box {
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners: Point[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ].map(([x, y]) => [
    cx + (x! - cx) * cos - (y! - cy) * sin,
    cy + (x! - cx) * sin + (y! - cy) * cos,
  ]);
  const turned = angle === 0 ? box : boxOf(corners);
  return {
    minX: turned.minX - margin,
    minY: turned.minY - margin,
    maxX: turned.maxX + margin,
    maxY: turned.maxY + margin,
  };
}

// ── The pen: scene units to picture pixels ───────────────────────────────────────────────

/**
 * Writes coordinates in the picture's own pixels (0 to LONG_SIDE, one decimal), so the size
 * of the markup does not grow with the size of the board, and drops the points of a path
 * that land within a pixel of the previous one.
 */
class Pen {
  constructor(
    private readonly view: Box,
    readonly scale: number,
  ) {}

  x(value: number): string {
    return fmt((value - this.view.minX) * this.scale);
  }

  y(value: number): string {
    return fmt((value - this.view.minY) * this.scale);
  }

  length(value: number): string {
    return fmt(value * this.scale);
  }

  /** A stroke at least half a pixel wide, so a stroke of a large board stays visible. */
  strokeWidth(value: number): string {
    return fmt(Math.max(0.5, value * this.scale));
  }

  /** `M` to the first point, then relative steps of at least `MIN_STEP` (the last one kept). */
  path(points: readonly Point[]): string {
    const at = points.map(([x, y]): Point => [
      Math.round((x - this.view.minX) * this.scale * 10) / 10,
      Math.round((y - this.view.minY) * this.scale * 10) / 10,
    ]);
    let d = `M${fmt(at[0]![0])} ${fmt(at[0]![1])}`;
    let last = at[0]!;
    at.forEach((point, i) => {
      const isEnd = i === at.length - 1;
      const step = Math.hypot(point[0] - last[0], point[1] - last[1]);
      if (i === 0 || step === 0 || (!isEnd && step < MIN_STEP)) return;
      d += `l${fmt(point[0] - last[0])} ${fmt(point[1] - last[1])}`;
      last = point;
    });
    return d;
  }
}

// ── Attributes ────────────────────────────────────────────────────────────────────────────

/** Stroke, fill, dashes, opacity and rotation of an element, as attributes. */
function paint(element: SceneElement, box: Box, filled: boolean, pen: Pen): string {
  const width = Math.max(0.5, num(element, 'strokeWidth', DEFAULT_STROKE_WIDTH));
  let attributes = '';
  const stroke = colour(element.strokeColor, DEFAULT_STROKE);
  if (stroke !== DEFAULT_STROKE) attributes += ` stroke="${stroke}"`;
  const strokeWidth = pen.strokeWidth(width);
  if (strokeWidth !== pen.strokeWidth(DEFAULT_STROKE_WIDTH))
    attributes += ` stroke-width="${strokeWidth}"`;
  const fill = filled ? colour(element.backgroundColor, 'none') : 'none';
  if (fill !== 'none') attributes += ` fill="${fill}"`;
  if (fill !== 'none' && element.fillStyle !== 'solid') attributes += ' fill-opacity="0.4"';
  if (element.strokeStyle === 'dashed')
    attributes += ` stroke-dasharray="${pen.length(8)} ${pen.length(8 + width)}"`;
  else if (element.strokeStyle === 'dotted')
    attributes += ` stroke-dasharray="${pen.length(1.5)} ${pen.length(6 + width)}"`;
  return `${attributes}${common(element, box, pen)}`;
}

/** Opacity and rotation (about the element's centre), shared by every kind of element. */
function common(element: SceneElement, box: Box, pen: Pen): string {
  let attributes = '';
  const opacity = num(element, 'opacity', 100);
  if (opacity < 100) attributes += ` opacity="${fmt(Math.max(0, opacity) / 100)}"`;
  const angle = num(element, 'angle');
  if (angle !== 0) {
    const cx = pen.x((box.minX + box.maxX) / 2);
    const cy = pen.y((box.minY + box.maxY) / 2);
    attributes += ` transform="rotate(${fmt((angle * 180) / Math.PI)} ${cx} ${cy})"`;
  }
  return attributes;
}

/** Two short strokes at `tip`, pointing away from `from`. */
function arrowhead(from: Point, tip: Point, size: number): Point[][] {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]);
  const length = Math.min(size, Math.hypot(tip[0] - from[0], tip[1] - from[1]));
  const wing = (turn: number): Point => [
    tip[0] - length * Math.cos(angle + turn),
    tip[1] - length * Math.sin(angle + turn),
  ];
  return [
    [wing(0.45), tip],
    [wing(-0.45), tip],
  ];
}

// ── Elements ──────────────────────────────────────────────────────────────────────────────

function shapeBox(element: SceneElement): Box {
  const x = num(element, 'x');
  const y = num(element, 'y');
  const width = num(element, 'width');
  const height = num(element, 'height');
  return {
    minX: Math.min(x, x + width),
    minY: Math.min(y, y + height),
    maxX: Math.max(x, x + width),
    maxY: Math.max(y, y + height),
  };
}

function shape(element: SceneElement): Drawn {
  const box = shapeBox(element);
  const { minX, minY, maxX, maxY } = box;
  const width = maxX - minX;
  const height = maxY - minY;
  const markup = (pen: Pen): string => {
    const paints = paint(element, box, true, pen);
    if (element.type === 'ellipse')
      return `<ellipse cx="${pen.x(minX + width / 2)}" cy="${pen.y(minY + height / 2)}" rx="${pen.length(width / 2)}" ry="${pen.length(height / 2)}"${paints}/>`;
    if (element.type === 'diamond') {
      const corners: Point[] = [
        [minX + width / 2, minY],
        [maxX, minY + height / 2],
        [minX + width / 2, maxY],
        [minX, minY + height / 2],
      ];
      return `<path d="${pen.path(corners)}Z"${paints}/>`;
    }
    const radius = element.roundness ? Math.min(32, Math.min(width, height) * 0.25) : 0;
    const corner = radius > 0 ? ` rx="${pen.length(radius)}"` : '';
    return `<rect x="${pen.x(minX)}" y="${pen.y(minY)}" width="${pen.length(width)}" height="${pen.length(height)}"${corner}${paints}/>`;
  };
  return { markup, box: covered(box, num(element, 'angle'), num(element, 'strokeWidth', 2)) };
}

/** Images, frames and anything else boxed: an outline where the content sits. */
function placeholder(element: SceneElement): Drawn {
  const box = shapeBox(element);
  const isFrame = element.type === 'frame' || element.type === 'magicframe';
  const fill = isFrame ? 'none' : PLACEHOLDER_FILL;
  const markup = (pen: Pen): string => {
    const dashes = isFrame ? ` stroke-dasharray="${pen.length(6)}"` : '';
    return `<rect x="${pen.x(box.minX)}" y="${pen.y(box.minY)}" width="${pen.length(box.maxX - box.minX)}" height="${pen.length(box.maxY - box.minY)}" rx="${pen.length(4)}" fill="${fill}" stroke="${PLACEHOLDER_STROKE}" stroke-width="${pen.strokeWidth(2)}"${dashes}${common(element, box, pen)}/>`;
  };
  return { markup, box: covered(box, num(element, 'angle'), 2) };
}

function linear(element: SceneElement): Drawn | null {
  const x = num(element, 'x');
  const y = num(element, 'y');
  const points = pointsOf(element).map(([px, py]): Point => [x + px, y + py]);
  if (points.length === 0) return null;
  if (points.length === 1) points.push([points[0]![0] + 0.1, points[0]![1]]);
  const box = boxOf(points);
  const width = Math.max(0.5, num(element, 'strokeWidth', DEFAULT_STROKE_WIDTH));
  const strokes = [points];
  if (element.type === 'arrow') {
    const size = Math.max(10, width * 4);
    if (element.endArrowhead) strokes.push(...arrowhead(points.at(-2)!, points.at(-1)!, size));
    if (element.startArrowhead) strokes.push(...arrowhead(points[1]!, points[0]!, size));
  }
  // A closed line may be filled; strokes and arrows never are.
  const first = points[0]!;
  const last = points.at(-1)!;
  const closed = element.type === 'line' && first[0] === last[0] && first[1] === last[1];
  // Excalidraw draws a freehand stroke about twice as wide as its stroke width.
  const painted = element.type === 'freedraw' ? { ...element, strokeWidth: width * 2 } : element;
  const markup = (pen: Pen): string =>
    `<path d="${strokes.map((stroke) => pen.path(stroke)).join('')}"${paint(painted, box, closed, pen)}/>`;
  return { markup, box: covered(box, num(element, 'angle'), width * 2) };
}

/** Excalidraw's code font stays monospaced; its other fonts are not the system's anyway. */
const FONTS: Record<number, string> = { 3: 'monospace' };
const ANCHORS: Record<string, string> = { left: 'start', center: 'middle', right: 'end' };

function text(element: SceneElement): Drawn | null {
  const content = typeof element.text === 'string' ? element.text.slice(0, MAX_TEXT) : '';
  if (content.trim() === '') return null;
  const box = shapeBox(element);
  const fontSize = Math.max(1, num(element, 'fontSize', 20));
  const lineHeight = fontSize * num(element, 'lineHeight', 1.25);
  const align = typeof element.textAlign === 'string' ? element.textAlign : 'left';
  const anchor = ANCHORS[align] ?? 'start';
  const x =
    anchor === 'middle' ? (box.minX + box.maxX) / 2 : anchor === 'end' ? box.maxX : box.minX;
  const family = FONTS[num(element, 'fontFamily', 1)] ?? 'sans-serif';
  const fill = colour(element.strokeColor, DEFAULT_STROKE);
  const markup = (pen: Pen): string => {
    const lines = content
      .split('\n')
      .map(
        (line, i) =>
          `<tspan x="${pen.x(x)}" y="${pen.y(box.minY + i * lineHeight + fontSize * 0.9)}">${escapeXml(line)}</tspan>`,
      )
      .join('');
    const anchorAttribute = anchor === 'start' ? '' : ` text-anchor="${anchor}"`;
    return `<text font-family="${family}" font-size="${pen.length(fontSize)}"${anchorAttribute} fill="${fill}" stroke="none"${common(element, box, pen)}>${lines}</text>`;
  };
  return { markup, box: covered(box, num(element, 'angle'), 0) };
}

const SHAPES = new Set(['rectangle', 'ellipse', 'diamond']);
const LINEAR = new Set(['line', 'arrow', 'freedraw']);
const BOXED = new Set(['image', 'frame', 'magicframe', 'embeddable', 'iframe']);

function draw(element: SceneElement): Drawn | null {
  if (element.isDeleted) return null;
  if (SHAPES.has(element.type)) return shape(element);
  if (LINEAR.has(element.type)) return linear(element);
  if (element.type === 'text') return text(element);
  if (BOXED.has(element.type)) return placeholder(element);
  return null;
}

// ── The picture ───────────────────────────────────────────────────────────────────────────

/** The drawing's area, widened to `MIN_SPAN` and padded a little on every side. */
function viewOf(boxes: readonly Box[]): Box {
  const all = boxOf(
    boxes.flatMap((b): Point[] => [
      [b.minX, b.minY],
      [b.maxX, b.maxY],
    ]),
  );
  const cx = (all.minX + all.maxX) / 2;
  const cy = (all.minY + all.maxY) / 2;
  const halfWidth = Math.max(all.maxX - all.minX, MIN_SPAN) / 2;
  const halfHeight = Math.max(all.maxY - all.minY, MIN_SPAN / 2) / 2;
  const pad = Math.max(halfWidth, halfHeight) * 0.08;
  return {
    minX: cx - halfWidth - pad,
    minY: cy - halfHeight - pad,
    maxX: cx + halfWidth + pad,
    maxY: cy + halfHeight + pad,
  };
}

/** The SVG picture of `elements` (scene order, tombstones skipped), or null when empty. */
export function renderThumbnail(elements: readonly SceneElement[]): string | null {
  const drawn: Drawn[] = [];
  for (const element of elements) {
    const one = draw(element);
    if (one) drawn.push(one);
  }
  if (drawn.length === 0) return null;
  const view = viewOf(drawn.map((d) => d.box));
  const scale = LONG_SIDE / Math.max(view.maxX - view.minX, view.maxY - view.minY);
  const pen = new Pen(view, scale);
  const width = Math.round((view.maxX - view.minX) * scale);
  const height = Math.round((view.maxY - view.minY) * scale);
  // Defaults every element shares; an element states only what differs.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<g fill="none" stroke="${DEFAULT_STROKE}" stroke-width="${pen.strokeWidth(DEFAULT_STROKE_WIDTH)}" stroke-linecap="round" stroke-linejoin="round">` +
    `${drawn.map((d) => d.markup(pen)).join('')}</g></svg>`
  );
}
