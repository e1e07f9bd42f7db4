import { io } from 'socket.io-client';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { POINTER_FRAMES, PRESENCE_DELTAS } from '@tabula/domain/protocol';
import { socketTransport } from './socketTransport';
import type { SocketTransportOptions, TabulaSocket } from './socketTransport';
import type { Transport } from './Transport';

/** Options of `socketIoTransport`. */
export interface SocketIoTransportOptions extends SocketTransportOptions {
  /**
   * Extra Socket.IO client options (`auth` is always `{ token, presence: 'deltas', pointers:
   * 'frames' }`).
   */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

/** A Socket.IO transport that owns its socket, with access to it for the host's other events. */
export interface SocketIoTransport extends Transport {
  /** The underlying socket (typed with Tabula's contract). */
  readonly socket: TabulaSocket;
}

/**
 * Connects to a Tabula server at `url` with the session `token` (`io(url, { auth: { token,
 * presence: 'deltas', pointers: 'frames' } })`) and exposes it as a `Transport` (see
 * `socketTransport`); `close()` also disconnects the socket. Socket.IO reconnects by itself;
 * the collaboration client catches up after each reconnect.
 */
export function socketIoTransport(
  url: string,
  token: string,
  options: SocketIoTransportOptions = {},
): SocketIoTransport {
  // Presence as an initial list and deltas, not the whole list on every change; peers'
  // cursors a frame at a time (`pointer-frame`), not a message per peer.
  const socket: TabulaSocket = io(url, {
    ...options.socketOptions,
    auth: { token, presence: PRESENCE_DELTAS, pointers: POINTER_FRAMES },
  });
  const transport = socketTransport(socket, { serverUrl: url, ...options });
  return {
    ...transport,
    socket,
    close(): void {
      transport.close();
      socket.disconnect();
    },
  };
}
