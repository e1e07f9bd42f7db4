/**
 * Shape checks that run before class-validator: payloads are JSON, so they must be plain
 * objects, must not nest absurdly deep, and must not carry `__proto__`, `constructor` or
 * `prototype` keys anywhere (the classic prototype-pollution vectors).
 */
import { MAX_PAYLOAD_DEPTH } from './dto.limits';

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True for `{…}` built by JSON.parse or a literal (not null, not an array, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `parent.key`, or `key` at the root. */
export function fieldPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * The problem with `value`'s shape, or undefined: a forbidden own key or nesting deeper than
 * `MAX_PAYLOAD_DEPTH`, named by its path (`elements[2].customData.__proto__`).
 * Runs on every stroke, so it builds no path string until it has found a problem.
 */
export function findUnsafeShape(value: unknown, path = '', depth = 0): string | undefined {
  const problem = unsafeAt(value, depth);
  if (problem === undefined) return undefined;
  const where = problem.reversePath.reduceRight(
    (parent: string, step) =>
      typeof step === 'number' ? `${parent}[${step}]` : fieldPath(parent, step),
    path,
  );
  return problem.tooDeep
    ? `${where || 'The request'} is nested too deeply.`
    : `${where} is not allowed.`;
}

interface ShapeProblem {
  tooDeep: boolean;
  /** Keys and indexes from the problem up to the value checked (innermost first). */
  reversePath: (string | number)[];
}

function unsafeAt(value: unknown, depth: number): ShapeProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_PAYLOAD_DEPTH) return { tooDeep: true, reversePath: [] };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item !== 'object' || item === null) continue;
      const problem = unsafeAt(item, depth + 1);
      if (problem !== undefined) return (problem.reversePath.push(index), problem);
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return { tooDeep: false, reversePath: [key] };
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'object' || item === null) continue;
    const problem = unsafeAt(item, depth + 1);
    if (problem !== undefined) return (problem.reversePath.push(key), problem);
  }
  return undefined;
}
