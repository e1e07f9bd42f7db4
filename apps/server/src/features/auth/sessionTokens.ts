/**
 * Session tokens: 256 random bits given to the client once. The log and the read models only
 * ever see the token's SHA-256 (the session id), so reading the event log cannot hijack a
 * session.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSessionToken(): { token: string; sessionId: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, sessionId: sessionIdOf(token) };
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
