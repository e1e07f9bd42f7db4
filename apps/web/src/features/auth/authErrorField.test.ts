import { describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_EXISTS,
  INVALID_CREDENTIALS,
  INVALID_DISPLAY_NAME,
  INVALID_EMAIL,
  INVALID_USERNAME,
  LOGOUT_FROM_OTHER_DEVICE,
  USERNAME_ALREADY_EXISTS,
} from '@tabula/domain';
import { authErrorField } from './authErrorField';

describe('authErrorField', () => {
  it('puts a taken or malformed username under Username', () => {
    expect(authErrorField(USERNAME_ALREADY_EXISTS)).toBe('username');
    expect(authErrorField(INVALID_USERNAME)).toBe('username');
  });

  it('puts email problems under Email and a too long name under Name', () => {
    expect(authErrorField(EMAIL_ALREADY_EXISTS)).toBe('email');
    expect(authErrorField(INVALID_EMAIL)).toBe('email');
    expect(authErrorField(INVALID_DISPLAY_NAME)).toBe('name');
  });

  it("keeps the spec's auth failure and anything unknown under Password", () => {
    expect(authErrorField(INVALID_CREDENTIALS)).toBe('password');
    expect(authErrorField(LOGOUT_FROM_OTHER_DEVICE)).toBe('password');
    expect(authErrorField('Something went wrong.')).toBe('password');
  });

  it('uses the first field of a message naming several', () => {
    expect(authErrorField(`${INVALID_USERNAME} ${INVALID_EMAIL}`)).toBe('username');
  });
});
