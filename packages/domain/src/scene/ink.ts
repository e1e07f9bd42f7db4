/**
 * Ink: the volatile preview of elements a peer is still drawing (PROTOCOL.md `ink`). Freedraw
 * travels as point patches (the points added since the last message), so a stroke of n points
 * costs O(n) bytes on the wire instead of O(n²). Both the sender (`pointPatch`) and every
 * receiver (`applyPointPatch`) use these two rules.
 */
import type { SceneElement } from './scene.types';

/** One point of a freedraw or linear element, relative to the element's x/y. */
export type InkPoint = readonly [number, number];

/** The points of element `id` from `fromIndex` on, at `version`. */
export interface InkPointPatch {
  id: string;
  version: number;
  /** Index of the first point in `points` within the element's point list. */
  fromIndex: number;
  points: InkPoint[];
  /** Freedraw pressures of the same points, when the element records them. */
  pressures?: number[];
}

function pointsOf(element: SceneElement): InkPoint[] {
  return Array.isArray(element.points) ? (element.points as InkPoint[]) : [];
}

function pressuresOf(element: SceneElement): number[] {
  return Array.isArray(element.pressures) ? (element.pressures as number[]) : [];
}

/**
 * The patch that turns `previous` (what peers were last sent of this element, or null) into
 * `next`, or null when only a whole element describes the change: no previous copy, a
 * non-point element, or a change other than points appended (moved, restyled, points edited).
 */
export function pointPatch(
  previous: SceneElement | null,
  next: SceneElement,
): InkPointPatch | null {
  if (previous === null || previous.id !== next.id || previous.type !== next.type) return null;
  const before = pointsOf(previous);
  const after = pointsOf(next);
  if (!Array.isArray(next.points) || after.length < before.length) return null;
  if (previous.x !== next.x || previous.y !== next.y) return null;
  // Excalidraw appends to freedraw; any earlier point that moved needs the whole element.
  const last = before.length - 1;
  if (
    last >= 0 &&
    (after[last]?.[0] !== before[last]?.[0] || after[last]?.[1] !== before[last]?.[1])
  )
    return null;
  const patch: InkPointPatch = {
    id: next.id,
    version: next.version,
    fromIndex: before.length,
    points: after.slice(before.length).map((point) => [point[0], point[1]] as const),
  };
  const pressures = pressuresOf(next);
  if (pressures.length > 0) patch.pressures = pressures.slice(before.length);
  return patch;
}

/**
 * `element` with `patch` applied, or null when the patch does not apply: it is not newer than
 * the element (a late or resent patch must never cut back a copy that already has its points,
 * such as the committed stroke), or it does not follow on from it (a point before
 * `fromIndex` is missing: a message was dropped, so wait for the next whole element or the
 * commit).
 */
export function applyPointPatch(element: SceneElement, patch: InkPointPatch): SceneElement | null {
  if (element.id !== patch.id || patch.version <= element.version) return null;
  const points = pointsOf(element);
  if (patch.fromIndex > points.length) return null;
  const next: SceneElement = {
    ...element,
    version: patch.version,
    points: [...points.slice(0, patch.fromIndex), ...patch.points],
  };
  if (patch.pressures !== undefined)
    next.pressures = [...pressuresOf(element).slice(0, patch.fromIndex), ...patch.pressures];
  return next;
}
