/**
 * Shared pieces of the edge fuzz suites (fast-check): hostile values, the prototype check,
 * and the seeds. Each suite runs `FUZZ_RUNS` cases from a fixed seed, so a run is repeatable;
 * a seed that once found a bug is kept as a named test beside the suite's main property.
 */
import fc from 'fast-check';

/** Cases per property (FUZZ_RUNS overrides it, e.g. for a long local hunt). */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

/** Keys an attacker uses to reach prototypes. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Strings that break parsers and lookups: empty, long, control, unicode, path and proto tricks. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '..',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '\ud800',
    '💥'.repeat(50),
    'x'.repeat(5000),
  ),
);

/** Any JSON value, with own `__proto__`/`constructor` keys mixed in (as JSON.parse makes them). */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .tuple(fc.constantFrom(...PROTO_KEYS), fc.jsonValue({ maxDepth: 2 }))
    .map(([key, value]) =>
      JSON.parse(`{${JSON.stringify(key)}:{"polluted":${JSON.stringify(value ?? null)}}}`),
    ),
  fc.constant(JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}')),
  hostileString,
);

/** The names on `Object.prototype` now; `prototypesUntouched` compares with them. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join();

/** True while nothing was added to `Object.prototype` (or `Array.prototype`). */
export function prototypesUntouched(): boolean {
  return (
    Object.getOwnPropertyNames(Object.prototype).sort().join() === PROTOTYPE_NAMES &&
    ({} as Record<string, unknown>).polluted === undefined &&
    ([] as unknown as Record<string, unknown>).polluted === undefined
  );
}

/**
 * `value` with a leaf replaced by `replacement` at a path chosen by `pick` (0..1): a valid
 * payload broken in one place, so the fuzz reaches past the first check.
 */
export function mutate(value: unknown, pick: number, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0 || pick < 0.15) return replacement;
  const key = keys[Math.floor(pick * keys.length) % keys.length]!;
  const next = (pick * keys.length) % 1;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  copy[key] = mutate((value as Record<string, unknown>)[key], next, replacement);
  return copy;
}
