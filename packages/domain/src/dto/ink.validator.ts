/**
 * Validation of the live-drawing extras: `ink` point patches and a commit's `timing`. Numbers
 * must be finite and lists bounded, so a preview can neither poison a peer's board nor grow
 * without limit.
 */
import {
  ID_PATTERN,
  MAX_ELEMENT_ID_LENGTH,
  MAX_INK_ELEMENTS,
  MAX_INK_PATCHES,
  MAX_POINTS_PER_ELEMENT,
} from './dto.limits';
import { isPlainObject } from './payloadShape';

const PATCH_KEYS: ReadonlySet<string> = new Set([
  'id',
  'version',
  'fromIndex',
  'points',
  'pressures',
]);

function isIndex(value: unknown, min: number): boolean {
  return Number.isSafeInteger(value) && (value as number) >= min;
}

function checkNumberList(value: unknown, path: string, max: number): string | undefined {
  if (!Array.isArray(value) || value.length > max)
    return `${path} must be an array of at most ${max} numbers.`;
  for (const item of value)
    if (typeof item !== 'number' || !Number.isFinite(item))
      return `${path} must hold finite numbers only.`;
  return undefined;
}

/** The first problem with one point patch, or undefined. */
export function checkPointPatch(value: unknown, path: string): string | undefined {
  if (!isPlainObject(value)) return `${path} must be an object.`;
  for (const key of Object.keys(value))
    if (!PATCH_KEYS.has(key)) return `${path}.${key.slice(0, 32)} is not allowed.`;
  const { id, version, fromIndex, points, pressures } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ELEMENT_ID_LENGTH)
    return `${path}.id must be a string of 1 to ${MAX_ELEMENT_ID_LENGTH} characters.`;
  if (!isIndex(version, 1)) return `${path}.version must be an integer of at least 1.`;
  if (!isIndex(fromIndex, 0) || (fromIndex as number) >= MAX_POINTS_PER_ELEMENT)
    return `${path}.fromIndex must be an integer from 0 to ${MAX_POINTS_PER_ELEMENT - 1}.`;
  const room = MAX_POINTS_PER_ELEMENT - (fromIndex as number);
  if (!Array.isArray(points) || points.length > room)
    return `${path}.points must be an array of at most ${room} points.`;
  for (const point of points) {
    if (
      !Array.isArray(point) ||
      point.length !== 2 ||
      !Number.isFinite(point[0]) ||
      !Number.isFinite(point[1])
    )
      return `${path}.points must hold [x, y] pairs of finite numbers.`;
  }
  if (pressures !== undefined) return checkNumberList(pressures, `${path}.pressures`, room);
  return undefined;
}

/** The first problem with an `ink` message's `patches`, or undefined. */
export function checkPointPatches(value: unknown, path: string): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_INK_PATCHES)
    return `${path} must be an array of 1 to ${MAX_INK_PATCHES} point patches.`;
  for (let index = 0; index < value.length; index += 1) {
    const problem = checkPointPatch(value[index], `${path}[${index}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The first problem with a commit's `timing` (element id → non-decreasing milliseconds). */
export function checkGestureTiming(value: unknown, path: string): string | undefined {
  if (!isPlainObject(value)) return `${path} must be an object of element id → milliseconds.`;
  const ids = Object.keys(value);
  if (ids.length > MAX_INK_ELEMENTS * 10)
    return `${path} must name at most ${MAX_INK_ELEMENTS * 10} elements.`;
  for (const id of ids) {
    if (id.length > MAX_ELEMENT_ID_LENGTH || !ID_PATTERN.test(id))
      return `${path} keys must be element ids.`;
    const times = value[id];
    const problem = checkNumberList(times, `${path}.${id}`, MAX_POINTS_PER_ELEMENT);
    if (problem !== undefined) return problem;
    const list = times as number[];
    for (let i = 0; i < list.length; i += 1)
      if ((list[i] as number) < 0 || (i > 0 && (list[i] as number) < (list[i - 1] as number)))
        return `${path}.${id} must be non-decreasing milliseconds from 0.`;
  }
  return undefined;
}
