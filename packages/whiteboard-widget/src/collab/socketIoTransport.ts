import { BehaviorSubject, Observable } from 'rxjs';
import { io } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type {
  AckResult,
  ClientToServerEvents,
  PointerPayload,
  ServerEventName,
  ServerToClientEvents,
} from '@tabula/domain/protocol';
import { TransportError } from './Transport';
import type { ServerPayload, Transport, TransportRequests, TransportStatus } from './Transport';

/** Options of `socketIoTransport`. */
export interface SocketIoTransportOptions {
  /** How long to wait for an ack before the call counts as failed (default 10 s). */
  ackTimeoutMs?: number;
  /** Extra Socket.IO client options (`auth` is always `{ token }`). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

/** A Socket.IO transport, with access to the socket for the host's other events. */
export interface SocketIoTransport extends Transport {
  /** The underlying socket (typed with Tabula's contract). */
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
}

/**
 * Connects to a Tabula server at `url` with the session `token` (`io(url, { auth: { token } })`)
 * and exposes it as a `Transport`. Socket.IO reconnects by itself; the collaboration client
 * catches up after each reconnect. Calls made while disconnected fail at once instead of being
 * buffered, so the client's outbox stays the one place that resends.
 */
export function socketIoTransport(
  url: string,
  token: string,
  options: SocketIoTransportOptions = {},
): SocketIoTransport {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    ...options.socketOptions,
    auth: { token },
  });
  const status = new BehaviorSubject<TransportStatus>(
    socket.connected ? 'connected' : 'connecting',
  );
  socket.on('connect', () => status.next('connected'));
  socket.on('disconnect', () => status.next('disconnected'));
  socket.on('connect_error', () => {
    if (!socket.connected) status.next('disconnected');
  });
  let closed = false;

  return {
    socket,
    status$: status.asObservable(),
    events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>> {
      return new Observable<ServerPayload<E>>((subscriber) => {
        const listener = (payload: unknown) => subscriber.next(payload as ServerPayload<E>);
        const untyped = socket as unknown as Socket;
        untyped.on(event as string, listener);
        return () => {
          untyped.off(event as string, listener);
        };
      });
    },
    request<E extends keyof TransportRequests>(
      event: E,
      payload: TransportRequests[E][0],
    ): Promise<AckResult<TransportRequests[E][1]>> {
      if (closed) return Promise.reject(new TransportError('closed'));
      if (!socket.connected) return Promise.reject(new TransportError('disconnected'));
      return new Promise((resolve, reject) => {
        const untyped = socket as unknown as Socket;
        untyped
          .timeout(ackTimeoutMs)
          .emit(
            event,
            payload,
            (error: Error | null, result: AckResult<TransportRequests[E][1]>) => {
              if (error) reject(new TransportError(socket.connected ? 'timeout' : 'disconnected'));
              else resolve(result);
            },
          );
      });
    },
    pointer(payload: PointerPayload): void {
      if (socket.connected) socket.volatile.emit('pointer', payload);
    },
    close(): void {
      closed = true;
      socket.disconnect();
      status.next('disconnected');
      status.complete();
    },
  };
}
