/**
 * Secret tokens (sessions, view links): 256 random bits given to the client once. The log and
 * the read models only ever see the token's SHA-256 (a session's id, a view link's hash), so
 * reading the event log cannot hijack a session or open a link.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret and its hash. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfToken(token) };
}

export function hashOfToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newSessionToken(): { token: string; sessionId: string } {
  const { token, hash } = newSecretToken();
  return { token, sessionId: hash };
}

export function sessionIdOf(token: string): string {
  return hashOfToken(token);
}
