import type { SceneElement } from '@tabula/domain';

/**
 * Peers' elements in progress as the peer layer draws them, in scene coordinates: freedraw
 * strokes with Excalidraw's own outline (`getFreeDrawSvgPath`, the perfect-freehand stroke its
 * renderer fills), so the committed stroke replaces the preview without a visible change; new
 * rectangles, ellipses, diamonds, lines and arrows drawn plainly (smooth, not hand-drawn) until
 * their commit. Anything else is previewed in the editor's own scene.
 */

/** Excalidraw's freedraw outline of an element, as an SVG path in its own coordinates. */
export type FreeDrawPath = (element: SceneElement) => string;

const OVERLAY_TYPES: ReadonlySet<string> = new Set([
  'freedraw',
  'rectangle',
  'ellipse',
  'diamond',
  'line',
  'arrow',
]);

/** True for an element the peer layer can draw (a new one: edits go to the editor). */
export function drawsOnOverlay(element: SceneElement): boolean {
  return OVERLAY_TYPES.has(element.type) && element.isDeleted !== true;
}

/**
 * True for an element the peer layer draws exactly as the editor will (a freedraw stroke, with
 * the editor's own outline): its commit can stay on the layer a while without a visible change.
 */
export function drawsAsTheEditor(element: SceneElement): boolean {
  return element.type === 'freedraw' && element.isDeleted !== true;
}

type Point = readonly [number, number];

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const str = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

function pointsOf(element: SceneElement): Point[] {
  const points = Array.isArray(element.points) ? (element.points as unknown[]) : [];
  return points.filter(
    (point): point is Point =>
      Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number',
  );
}

/** Outlines by element object: a redraw for a cursor does not compute them again. */
const outlines = new WeakMap<SceneElement, Path2D>();

function outline(element: SceneElement, freeDrawPath: FreeDrawPath): Path2D {
  let path = outlines.get(element);
  if (!path) {
    path = new Path2D(freeDrawPath(element));
    outlines.set(element, path);
  }
  return path;
}

/** Draws `element` on `context`, which maps scene coordinates to the layer's pixels. */
export function drawPreview(
  context: CanvasRenderingContext2D,
  element: SceneElement,
  freeDrawPath: FreeDrawPath,
): void {
  const x = num(element.x, 0);
  const y = num(element.y, 0);
  const width = num(element.width, 0);
  const height = num(element.height, 0);
  const angle = num(element.angle, 0);
  const stroke = str(element.strokeColor, '#1e1e1e');
  context.save();
  context.globalAlpha = num(element.opacity, 100) / 100;
  context.translate(x, y);
  if (angle !== 0) {
    context.translate(width / 2, height / 2);
    context.rotate(angle);
    context.translate(-width / 2, -height / 2);
  }
  if (element.type === 'freedraw') {
    context.fillStyle = stroke;
    context.fill(outline(element, freeDrawPath));
  } else {
    drawShape(context, element, width, height, stroke);
  }
  context.restore();
}

function drawShape(
  context: CanvasRenderingContext2D,
  element: SceneElement,
  width: number,
  height: number,
  stroke: string,
): void {
  const strokeWidth = num(element.strokeWidth, 2);
  context.lineWidth = strokeWidth;
  context.strokeStyle = stroke;
  context.lineJoin = 'round';
  context.lineCap = 'round';
  if (element.strokeStyle === 'dashed') context.setLineDash([8, 8 + strokeWidth]);
  else if (element.strokeStyle === 'dotted') context.setLineDash([1.5, 6 + strokeWidth]);
  const path = new Path2D();
  const points = pointsOf(element);
  switch (element.type) {
    case 'rectangle':
      path.rect(0, 0, width, height);
      break;
    case 'ellipse':
      path.ellipse(
        width / 2,
        height / 2,
        Math.abs(width) / 2,
        Math.abs(height) / 2,
        0,
        0,
        2 * Math.PI,
      );
      break;
    case 'diamond':
      path.moveTo(width / 2, 0);
      path.lineTo(width, height / 2);
      path.lineTo(width / 2, height);
      path.lineTo(0, height / 2);
      path.closePath();
      break;
    default:
      points.forEach(([px, py], i) => (i === 0 ? path.moveTo(px, py) : path.lineTo(px, py)));
  }
  const background = str(element.backgroundColor, 'transparent');
  if (background !== 'transparent' && element.type !== 'arrow') {
    context.save();
    context.fillStyle = background;
    // Hachure and cross-hatch fills are drawn as a light wash until the commit.
    if (element.fillStyle !== 'solid') context.globalAlpha *= 0.35;
    context.fill(path);
    context.restore();
  }
  context.stroke(path);
  if (element.type === 'arrow' && points.length >= 2) {
    context.setLineDash([]);
    if (element.endArrowhead)
      arrowhead(context, points[points.length - 2]!, points.at(-1)!, strokeWidth);
    if (element.startArrowhead) arrowhead(context, points[1]!, points[0]!, strokeWidth);
  }
}

function arrowhead(
  context: CanvasRenderingContext2D,
  from: Point,
  to: Point,
  strokeWidth: number,
): void {
  const direction = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const length = Math.min(20 + strokeWidth * 2, Math.hypot(to[0] - from[0], to[1] - from[1]));
  const head = new Path2D();
  for (const side of [-1, 1]) {
    const wing = direction + Math.PI - side * (Math.PI / 7);
    head.moveTo(to[0], to[1]);
    head.lineTo(to[0] + length * Math.cos(wing), to[1] + length * Math.sin(wing));
  }
  context.stroke(head);
}
