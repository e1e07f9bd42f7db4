/**
 * Socket.IO has no error handling of its own: a listener that throws takes nothing down but
 * answers nothing either. Every listener goes through `withAck`, which answers the client's
 * ack with `{ ok: true, data }` or `{ ok: false, error: { code, message } }` (with
 * `retryAfterMs` when the refusal is for now only), or, when the
 * client gave no ack, emits `error { message }`. Unknown failures become INTERNAL with a
 * generic message and are logged.
 */
import { DomainError, NOT_ALLOWED, SOMETHING_WENT_WRONG } from '@tabula/domain';
import type { AckError, AckResult } from '@tabula/domain/protocol';
import type { AppSocket } from './socketTypes';

/** A payload's user id must be the socket's own: identity comes from the token only. */
export function assertSelf(socket: AppSocket, userId: string): void {
  if (userId !== socket.data.userId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
}

export class SocketProblem extends Error {
  constructor(
    readonly code: 'TOO_LARGE' | 'RATE_LIMITED' | 'INVALID',
    message: string,
  ) {
    super(message);
  }
}

export function toAckError(error: unknown): AckError {
  if (error instanceof DomainError && error.retryAfterMs !== undefined)
    return { code: error.code, message: error.message, retryAfterMs: error.retryAfterMs };
  if (error instanceof DomainError || error instanceof SocketProblem) {
    return { code: error.code, message: error.message };
  }
  return { code: 'INTERNAL', message: SOMETHING_WENT_WRONG };
}

type Ack = (result: AckResult<unknown>) => void;

/** The ack callback of a socket message: its last argument, when it is a function. */
export function ackOf(args: readonly unknown[]): Ack | undefined {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : undefined;
}

export function answerError(socket: AppSocket, ack: Ack | undefined, error: unknown): void {
  const ackError = toAckError(error);
  if (ack) ack({ ok: false, error: ackError });
  else socket.emit('error', { message: ackError.message });
}

export function withAck<T>(
  socket: AppSocket,
  handler: (payload: unknown) => Promise<T>,
  logError: (error: unknown, context: string) => void,
) {
  return async (...args: unknown[]): Promise<void> => {
    const ack = ackOf(args);
    const payload = ack && args.length === 1 ? undefined : args[0];
    try {
      const data = await handler(payload);
      ack?.({ ok: true, data: data ?? null });
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof SocketProblem))
        logError(error, 'socket handler');
      answerError(socket, ack, error);
    }
  };
}
