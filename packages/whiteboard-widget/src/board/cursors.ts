import { colorFor } from '../collaborators';
import type { WhiteboardCursor } from '../Whiteboard.types';

/**
 * Peers' cursors as the peer layer draws them, at a point of the layer (CSS pixels, the same
 * size at any zoom): an arrow in the peer's colours (`colorFor`) and a label with their name,
 * or a red dot for the laser pointer.
 */

/** The arrow's outline, its tip at (0, 0). */
const ARROW: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 15],
  [4.2, 11.2],
  [7.4, 18],
  [10.2, 16.8],
  [7.1, 10.2],
  [12.6, 10.2],
];

const LABEL_FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const MAX_NAME = 24;

/** Draws one peer's cursor with its tip at (x, y). */
export function drawCursor(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  cursor: WhiteboardCursor,
): void {
  const color = colorFor(cursor.id);
  context.save();
  context.translate(Math.round(x), Math.round(y));
  if (cursor.pointer.tool === 'laser') {
    context.fillStyle = 'rgba(255, 0, 0, 0.85)';
    context.shadowColor = 'rgba(255, 0, 0, 0.6)';
    context.shadowBlur = 8;
    context.beginPath();
    context.arc(0, 0, 5, 0, 2 * Math.PI);
    context.fill();
    context.restore();
    return;
  }
  const arrow = new Path2D();
  ARROW.forEach(([px, py], i) => (i === 0 ? arrow.moveTo(px, py) : arrow.lineTo(px, py)));
  arrow.closePath();
  context.fillStyle = color.background;
  context.strokeStyle = color.stroke;
  context.lineWidth = 1.5;
  context.lineJoin = 'round';
  context.fill(arrow);
  context.stroke(arrow);
  const name =
    cursor.username.length > MAX_NAME
      ? `${cursor.username.slice(0, MAX_NAME - 1)}…`
      : cursor.username;
  if (name) {
    context.font = LABEL_FONT;
    const width = context.measureText(name).width + 12;
    context.fillStyle = color.stroke;
    context.beginPath();
    context.roundRect(12, 18, width, 20, 6);
    context.fill();
    context.fillStyle = '#ffffff';
    context.textBaseline = 'middle';
    context.fillText(name, 18, 28.5);
  }
  context.restore();
}
