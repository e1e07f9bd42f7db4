import type { UserFields } from '@tabula/domain/protocol';

/** The signed-in user as the client keeps it (the token is stored separately). */
export type SessionUser = UserFields;

/** What a successful login, demo login or sign-up yields. */
export interface Session {
  user: SessionUser;
  token: string;
}

/** A login request: email and password, or one of the two demo accounts. */
export type LoginRequest =
  { kind: 'password'; email: string; password: string } | { kind: 'demo'; account: 1 | 2 };
