/**
 * Normalising and checking the user's own fields. Each function trims its input and either
 * returns the value to store or throws `DomainError('INVALID', …)`.
 */
import { DomainError } from '../shared/errors';
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
} from '../shared/limits';
import { INVALID_DISPLAY_NAME, INVALID_EMAIL, INVALID_USERNAME } from '../shared/strings';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A username: trimmed, 3..30 characters of letters, digits, '.', '_' and '-'. */
export function normaliseUsername(raw: string): string {
  const username = raw.trim();
  const fits = username.length >= MIN_USERNAME_LENGTH && username.length <= MAX_USERNAME_LENGTH;
  if (!fits || !USERNAME_PATTERN.test(username)) throw new DomainError('INVALID', INVALID_USERNAME);
  return username;
}

/** A display name: trimmed, at most 60 characters ('' allowed: the name is optional). */
export function normaliseDisplayName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_DISPLAY_NAME_LENGTH) throw new DomainError('INVALID', INVALID_DISPLAY_NAME);
  return name;
}

/**
 * An email: trimmed and lower-cased, `local@domain.tld` shaped. The server looks emails up
 * (uniqueness, login) through this same function.
 */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) {
    throw new DomainError('INVALID', INVALID_EMAIL);
  }
  return email;
}
