/** Test helpers for the DTOs: table-driven "valid passes, each bad field fails by name". */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { parseDto } from './parseDto';
import type { DtoClass } from './parseDto';

/** Marks a field to leave out of the payload. */
export const MISSING = Symbol('missing');

/** One refused field value and a fragment of the message it must produce. */
export interface FieldCase {
  field: string;
  value: unknown;
  label: string;
  message: string | RegExp;
}

/** Runs `run`, expecting a `DomainError('INVALID')` whose message matches `message`. */
export function expectInvalid(run: () => unknown, message: string | RegExp): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).code).toBe('INVALID');
  expect((thrown as DomainError).message).toMatch(message);
}

/** `valid` with `field` set to `value` (or removed, for MISSING). */
export function withField(
  valid: Record<string, unknown>,
  field: string,
  value: unknown,
): Record<string, unknown> {
  const payload = { ...valid };
  if (value === MISSING) delete payload[field];
  else payload[field] = value;
  return payload;
}

/**
 * The standard suite of a payload's parser: `valid` parses to an equal value, an undeclared
 * field is refused by name, and every case fails naming its field.
 */
export function describeParser(
  name: string,
  parse: (payload: unknown) => object,
  valid: Record<string, unknown>,
  cases: readonly FieldCase[],
  more?: () => void,
): void {
  describe(name, () => {
    it('accepts a valid payload', () => {
      expect({ ...parse(valid) }).toEqual(valid);
    });

    it('refuses a field it does not declare', () => {
      expectInvalid(() => parse({ ...valid, isAdmin: true }), /isAdmin/);
    });

    for (const { field, value, label, message } of cases) {
      it(`refuses ${field}: ${label}`, () => {
        expectInvalid(() => parse(withField(valid, field, value)), message);
      });
    }
    more?.();
  });
}

/** `describeParser` for a DTO class through `parseDto`, which answers an instance of it. */
export function describeDto<T extends object>(
  dtoClass: DtoClass<T>,
  valid: Record<string, unknown>,
  cases: readonly FieldCase[],
): void {
  describeParser(
    dtoClass.name,
    (payload) => parseDto(dtoClass, payload),
    valid,
    cases,
    () => {
      it('answers an instance of the class', () => {
        expect(parseDto(dtoClass, valid)).toBeInstanceOf(dtoClass);
      });
    },
  );
}

/** The start of the refusal of a field that is not an id. */
export const ID = (field: string) => new RegExp(`^${field} must be an id of 1 to 100`);
/** The start of the refusal of a missing field. */
export const REQUIRED = (field: string) => new RegExp(`^${field} is required`);

/** The usual refusals of a required id field. */
export function idCases(field: string): FieldCase[] {
  return [
    { field, value: MISSING, label: 'missing', message: REQUIRED(field) },
    { field, value: 12, label: 'a number', message: ID(field) },
    { field, value: '', label: 'empty', message: ID(field) },
    { field, value: long(101), label: 'too long', message: ID(field) },
    { field, value: 'a/b', label: 'a slash', message: ID(field) },
    { field, value: { $ne: null }, label: 'an object', message: ID(field) },
  ];
}

/** A valid scene element. */
export const rectangle = {
  id: 'el-1',
  type: 'rectangle',
  version: 3,
  versionNonce: 12345,
  isDeleted: false,
  index: 'a0',
  x: 10,
  y: 20,
  width: 100,
  height: 50,
  strokeColor: '#1e1e1e',
  groupIds: [],
  boundElements: null,
  updated: 1_700_000_000_000,
};

/** A string of `length` copies of `char`. */
export function long(length: number, char = 'a'): string {
  return char.repeat(length);
}
