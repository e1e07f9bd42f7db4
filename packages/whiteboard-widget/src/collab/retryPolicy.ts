import type { SocketErrorCode } from '@tabula/domain/protocol';

/**
 * Refusals worth another try: the server was busy, or lost a race for the canvas's stream to
 * another node (CONFLICT: the same event id resent is stored once), not saying no.
 */
export const RETRYABLE_CODES: ReadonlySet<SocketErrorCode> = new Set<SocketErrorCode>([
  'RATE_LIMITED',
  'INTERNAL',
  'CONFLICT',
]);

/** True when a refusal with `code` may succeed if tried again. */
export function isRetryable(code: string): boolean {
  return (RETRYABLE_CODES as ReadonlySet<string>).has(code);
}

/** The wait before the `failures`-th retry: doubling from `baseMs`, at most 30 s. */
export function backoffMs(baseMs: number, failures: number): number {
  return Math.min(30_000, baseMs * 2 ** Math.max(0, failures - 1));
}
