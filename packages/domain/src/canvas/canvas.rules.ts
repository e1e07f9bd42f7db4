/** Canvas names: trimmed, 1..100 characters (SPEC.md C3). */
import { DomainError } from '../shared/errors';
import { MAX_CANVAS_NAME_LENGTH, MIN_CANVAS_NAME_LENGTH } from '../shared/limits';
import { INVALID_CANVAS_NAME } from '../shared/strings';

/** Returns the trimmed name, or throws `DomainError('INVALID')` when out of bounds. */
export function normaliseCanvasName(raw: string): string {
  const name = raw.trim();
  if (name.length < MIN_CANVAS_NAME_LENGTH || name.length > MAX_CANVAS_NAME_LENGTH) {
    throw new DomainError('INVALID', INVALID_CANVAS_NAME);
  }
  return name;
}
