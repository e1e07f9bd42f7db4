/**
 * Length bounds of names the domain accepts. The spec gives none ("not shown"); these are
 * ours (SPEC.md documents them) and the DTOs and the web forms use the same constants.
 * Every bound applies after trimming surrounding whitespace.
 */

/** Canvas names: 1..100 characters after trim. */
export const MIN_CANVAS_NAME_LENGTH = 1;
export const MAX_CANVAS_NAME_LENGTH = 100;

/** Usernames: 3..30 characters after trim, letters, digits, `.`, `_` and `-` only. */
export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Display names: 0..60 characters after trim (the name is optional). */
export const MAX_DISPLAY_NAME_LENGTH = 60;

/** Emails: at most 254 characters (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
