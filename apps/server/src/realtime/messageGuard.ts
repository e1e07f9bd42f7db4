/**
 * The checks every message of a socket passes before its handler, for the app's sockets and
 * for view-link viewers alike: an event this socket may send, the per-socket message rate, and
 * the message's size on the wire. A message that fails one is answered with an error ack (or
 * an `error` event when it asked for none) and goes no further.
 */
import { INVALID_REQUEST, MESSAGE_TOO_LARGE, TOO_MANY_MESSAGES } from '@tabula/domain';
import { MAX_SOCKET_MESSAGE_BYTES } from '@tabula/domain/protocol';
import { RateLimiter } from '../http/rateLimiter';
import type { AppSocket } from './socketTypes';
import { SocketProblem, ackOf, answerError } from './withAck';

export interface MessageRules {
  /** The events this socket may send. */
  events: ReadonlySet<string>;
  /** Why another event is refused (after 'Invalid request.'). */
  refusal(event: string): string;
  messagesPerSecond: number;
  /** Told of each message refused for the rate. */
  onRateLimited?(): void;
}

/** Applies `rules` to every message `socket` sends. */
export function guardMessages(socket: AppSocket, rules: MessageRules): void {
  const limiter = new RateLimiter(rules.messagesPerSecond, 1000);
  const incoming = trackIncomingBytes(socket);
  socket.use(([event, ...args], next) => {
    const ack = ackOf(args);
    if (!rules.events.has(event))
      return answerError(
        socket,
        ack,
        new SocketProblem('INVALID', `${INVALID_REQUEST} ${rules.refusal(String(event))}`),
      );
    if (limiter.hit(socket.id) > 0) {
      rules.onRateLimited?.();
      return answerError(socket, ack, new SocketProblem('RATE_LIMITED', TOO_MANY_MESSAGES));
    }
    if (incoming.bytes > MAX_SOCKET_MESSAGE_BYTES)
      return answerError(socket, ack, new SocketProblem('TOO_LARGE', MESSAGE_TOO_LARGE));
    next();
  });
}

/**
 * Size of each message as it arrived on the wire: Engine.IO hands the raw packet to this
 * listener just before Socket.IO decodes it and runs the middleware for it, so the size check
 * costs a length read instead of serialising the payload again.
 */
function trackIncomingBytes(socket: {
  conn: {
    on(event: 'packet', listener: (packet: { type: string; data?: unknown }) => void): unknown;
  };
}) {
  const size = { bytes: 0 };
  socket.conn.on('packet', (packet) => {
    if (packet.type !== 'message') return;
    const { data } = packet;
    size.bytes =
      typeof data === 'string'
        ? Buffer.byteLength(data)
        : data instanceof Buffer
          ? data.byteLength
          : 0;
  });
  return size;
}
