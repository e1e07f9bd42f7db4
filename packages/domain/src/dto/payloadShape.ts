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
 */
export function findUnsafeShape(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_PAYLOAD_DEPTH) return `${path || 'The request'} is nested too deeply.`;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = findUnsafeShape(value[index], `${path}[${index}]`, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const keyPath = fieldPath(path, key);
    if (FORBIDDEN_KEYS.has(key)) return `${keyPath} is not allowed.`;
    const problem = findUnsafeShape((value as Record<string, unknown>)[key], keyPath, depth + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
