/**
 * The one table that turns domain error codes into HTTP statuses. Domain errors carry no
 * transport knowledge; this is the only place that knows both.
 */
import { DomainError } from '@tabula/domain';

export const STATUS_BY_CODE: Record<DomainError['code'], number> = {
  INVALID: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_MISMATCH: 409,
  QUOTA_EXCEEDED: 403,
};

export interface HttpError {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** An error raised by the HTTP edge itself (body too large, rate limited, …). */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof DomainError)
    return { status: STATUS_BY_CODE[error.code], message: error.message };
  if (error instanceof HttpProblem) {
    return { status: error.status, message: error.message, headers: error.headers };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // koa / body-parser errors (413 entity too large, 400 invalid JSON, 415 …) are safe to show.
    const message =
      status === 413 ? 'Request body too large' : (error as Error).message || 'Bad request';
    return { status, message };
  }
  return { status: 500, message: 'Internal server error' };
}
