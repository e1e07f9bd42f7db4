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

/** The standard suite of a DTO: `valid` parses to itself, every case fails naming its field. */
export function describeDto<T extends object>(
  dtoClass: DtoClass<T>,
  valid: Record<string, unknown>,
  cases: readonly FieldCase[],
): void {
  describe(dtoClass.name, () => {
    it('accepts a valid payload and returns it as an instance', () => {
      const dto = parseDto(dtoClass, valid);

      expect(dto).toBeInstanceOf(dtoClass);
      expect({ ...dto }).toEqual(valid);
    });

    it('refuses a field it does not declare', () => {
      expectInvalid(() => parseDto(dtoClass, { ...valid, isAdmin: true }), /isAdmin/);
    });

    for (const { field, value, label, message } of cases) {
      it(`refuses ${field}: ${label}`, () => {
        expectInvalid(() => parseDto(dtoClass, withField(valid, field, value)), message);
      });
    }
  });
}

/** A string of `length` copies of `char`. */
export function long(length: number, char = 'a'): string {
  return char.repeat(length);
}
