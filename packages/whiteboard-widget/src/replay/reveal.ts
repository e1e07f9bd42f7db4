import type { GestureTiming, SceneElement } from '@tabula/domain';
import { firstIndex } from './firstIndex';

function pointsOf(element: SceneElement): readonly unknown[] | null {
  return Array.isArray(element.points) ? (element.points as unknown[]) : null;
}

/** The partial copies `revealAt` makes (a stroke still being drawn). */
const partials = new WeakSet<SceneElement>();

/** True for an element `revealAt` cut short (its stroke is still being drawn). */
export function isPartial(element: SceneElement): boolean {
  return partials.has(element);
}

/** Marks `copy` (of an element cut short) as cut short too. */
export function markPartial(copy: SceneElement): void {
  partials.add(copy);
}

/** How long a step's gesture lasted (ms): the latest time its timing records; 0 without one. */
export function gestureDuration(timing: GestureTiming | undefined): number {
  let longest = 0;
  if (!timing) return 0;
  for (const id in timing) {
    const times = timing[id];
    const last = times && times.length > 0 ? times[times.length - 1]! : 0;
    if (last > longest) longest = last;
  }
  return longest;
}

/** How many of `times` have passed at `offset` ms into the gesture (a time passes once offset > it). */
export function countPassed(times: readonly number[], offset: number): number {
  return firstIndex(times.length, (index) => times[index]! >= offset);
}

/**
 * What a step's element looks like `offset` ms into its gesture:
 * - an element with a time per point (freedraw, lines): the points drawn so far, or `null`
 *   while none is (a line needs two);
 * - an element with a time per change (moved, resized, typed): `null` (its previous state
 *   stays) until its last change, then the element;
 * - an element without timing: the element as soon as the step starts (offset > 0).
 * Partial copies are new objects; `cache` keeps one per (element, points shown) so a frame
 * that shows the same points reuses it.
 */
export function revealAt(
  element: SceneElement,
  times: readonly number[] | undefined,
  offset: number,
  cache?: Map<string, SceneElement>,
): SceneElement | null {
  if (offset <= 0) return null;
  if (!times || times.length === 0) return element;
  const points = pointsOf(element);
  const passed = countPassed(times, offset);
  if (points === null || points.length !== times.length) {
    return passed === times.length ? element : null;
  }
  if (passed >= points.length) return element;
  const needed = element.type === 'freedraw' ? 1 : 2;
  if (passed < needed) return null;
  const key = `${element.id}@${element.version}:${passed}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  const partial: SceneElement = { ...element, points: points.slice(0, passed) };
  if (Array.isArray(element.pressures)) {
    partial.pressures = (element.pressures as unknown[]).slice(0, passed);
  }
  partials.add(partial);
  cache?.set(key, partial);
  return partial;
}
