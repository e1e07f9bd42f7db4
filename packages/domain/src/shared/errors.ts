/**
 * The one error type of the domain. Its `code` says what went wrong in domain terms; the
 * server maps codes to HTTP statuses and socket error acks in one table, so nothing here
 * knows about transports.
 */

/** Every reason a command can be refused. */
export type DomainErrorCode =
  | 'INVALID'
  | 'NOT_AUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VERSION_MISMATCH'
  | 'QUOTA_EXCEEDED';

/** All codes, in a stable order (handy for mapping tables and exhaustive tests). */
export const DOMAIN_ERROR_CODES: readonly DomainErrorCode[] = [
  'INVALID',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_MISMATCH',
  'QUOTA_EXCEEDED',
];

/** A refused command. `message` is user-facing (see `strings.ts`). */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  /** A refusal for now only: the same command may be accepted after this many ms. */
  readonly retryAfterMs: number | undefined;

  constructor(code: DomainErrorCode, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

/** True for a `DomainError` (also across module copies, by shape). */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && (DOMAIN_ERROR_CODES as readonly string[]).includes(code);
}
