import {
  EMAIL_ALREADY_EXISTS,
  INVALID_DISPLAY_NAME,
  INVALID_EMAIL,
  INVALID_USERNAME,
  USERNAME_ALREADY_EXISTS,
} from '@tabula/domain';
import type { AuthField } from '@tabula/ui';

/** The server's messages that concern one field of the auth form. */
const FIELD_MESSAGES: readonly (readonly [string, AuthField])[] = [
  [USERNAME_ALREADY_EXISTS, 'username'],
  [INVALID_USERNAME, 'username'],
  [EMAIL_ALREADY_EXISTS, 'email'],
  [INVALID_EMAIL, 'email'],
  [INVALID_DISPLAY_NAME, 'name'],
];

/**
 * The field an auth failure belongs under: a taken or malformed username under Username, an
 * email under Email, a name under Name; anything else (the spec's auth failure, a wrong
 * password, a refusal) under Password. A message listing several fields goes under the first.
 */
export function authErrorField(message: string): AuthField {
  return FIELD_MESSAGES.find(([text]) => message.startsWith(text))?.[1] ?? 'password';
}
