/**
 * The wording and the plain checks of the fields every message shares, for the DTOs'
 * decorators (`dtoFields.ts`) and for the messages checked by hand (`drawingMessages.ts`), so a
 * field is refused in the same words whichever checks it.
 */
import { ID_PATTERN, MAX_ID_LENGTH } from './dto.limits';

export const requiredMessage = (field: string): string => `${field} is required.`;

export const idMessage = (field: string): string =>
  `${field} must be an id of 1 to ${MAX_ID_LENGTH} letters, digits, '.', '_', ':' or '-'.`;

export const coordinateMessage = (field: string, bound: number): string =>
  `${field} must be a finite number between ${-bound} and ${bound}.`;

export const stringMessage = (field: string, max: number): string =>
  `${field} must be a string of at most ${max} characters.`;

/** True for an id: 1 to `MAX_ID_LENGTH` letters, digits, '.', '_', ':' or '-'. */
export function isId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_ID_LENGTH &&
    ID_PATTERN.test(value)
  );
}
