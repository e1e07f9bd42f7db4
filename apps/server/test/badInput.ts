/**
 * Generators of hostile payloads for the bad-input suites: from one valid payload, every
 * variant with a required field missing, each field of the wrong type, an unknown field, and
 * the prototype-pollution shapes (`__proto__` and `constructor` own keys, as a JSON parser
 * produces them).
 */
import { expect } from 'vitest';

export interface BadCase {
  label: string;
  payload: unknown;
}

/** A value of another JSON type than `value`'s. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return 'not a number';
  if (Array.isArray(value)) return 'not an array';
  return ['not', 'an', 'object'];
}

/** `{...valid, __proto__: {...}}` with `__proto__` as an own key (what JSON.parse makes). */
export function withProtoKey(valid: object): Record<string, unknown> {
  const rest = JSON.stringify(valid).slice(1);
  return JSON.parse(`{"__proto__":{"polluted":"yes"}${rest === '}' ? '' : ','}${rest}`);
}

/** `{...valid, constructor: { prototype: {...} }}`. */
export function withConstructorKey(valid: object): Record<string, unknown> {
  return { ...valid, constructor: { prototype: { polluted: 'yes' } } };
}

/**
 * Every malformed variant of an object payload. Fields in `anyType` take any JSON (e.g.
 * `lines` of invite-user) and get no wrong-type case.
 */
export function objectCases(
  valid: Record<string, unknown>,
  required: string[],
  anyType: string[] = [],
): BadCase[] {
  const cases: BadCase[] = [
    { label: 'no payload', payload: undefined },
    { label: 'null', payload: null },
    { label: 'a number', payload: 42 },
    { label: 'a string', payload: 'payload' },
    { label: 'an array', payload: [valid] },
    { label: 'an unknown field', payload: { ...valid, unexpected: true } },
    { label: 'a __proto__ key', payload: withProtoKey(valid) },
    { label: 'a constructor key', payload: withConstructorKey(valid) },
  ];
  if (Object.values(valid).some((value) => typeof value === 'object' && value !== null)) {
    cases.push({
      label: 'a nested __proto__ key',
      payload: Object.fromEntries(
        Object.entries(valid).map(([key, value]) => [
          key,
          Array.isArray(value)
            ? value.map((item: unknown) =>
                typeof item === 'object' && item !== null ? withProtoKey(item) : item,
              )
            : typeof value === 'object' && value !== null
              ? withProtoKey(value)
              : value,
        ]),
      ),
    });
  }
  for (const field of required) {
    const { [field]: _dropped, ...rest } = valid;
    cases.push({ label: `${field} missing`, payload: rest });
  }
  for (const [field, value] of Object.entries(valid)) {
    if (anyType.includes(field)) continue;
    cases.push({
      label: `${field} of the wrong type`,
      payload: { ...valid, [field]: wrongTypeFor(value) },
    });
  }
  return cases;
}

/** Every malformed variant of a bare-id payload. */
export function idCases(): BadCase[] {
  return [
    { label: 'no payload', payload: undefined },
    { label: 'a number', payload: 42 },
    { label: 'an object', payload: { id: 'x' } },
    { label: 'a __proto__ object', payload: withProtoKey({ id: 'x' }) },
    { label: 'an empty string', payload: '' },
    { label: 'a 300-character id', payload: 'x'.repeat(300) },
    { label: 'an id with spaces and slashes', payload: '../ etc/passwd' },
  ];
}

/** Own property names of Object.prototype now, to compare after the attack. */
export function prototypeSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

/** Asserts nothing polluted Object.prototype since `snapshot` was taken. */
export function expectPrototypeUntouched(snapshot: string[]): void {
  expect(prototypeSnapshot()).toEqual(snapshot);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}
