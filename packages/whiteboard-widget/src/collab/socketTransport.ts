import { BehaviorSubject, Observable } from 'rxjs';
import type { Socket } from 'socket.io-client';
import type {
  AckResult,
  ClientToServerEvents,
  InkPayload,
  PointerPayload,
  ServerEventName,
  ServerToClientEvents,
} from '@tabula/domain/protocol';
import { TransportError } from './Transport';
import type { ServerPayload, Transport, TransportRequests, TransportStatus } from './Transport';

/** A Socket.IO socket typed with Tabula's contract. */
export type TabulaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Options of `socketTransport`. */
export interface SocketTransportOptions {
  /** How long to wait for an ack before the call counts as failed (default 10 s). */
  ackTimeoutMs?: number;
  /**
   * The server's address for what goes over HTTP (a large scene's download); default: the
   * page's, in a browser. Without either, large scenes come over the socket.
   */
  serverUrl?: string;
}

/**
 * A socket.io error whose `data.code` the server set: the handshake refused the session, or
 * the view link (`NOT_FOUND`: revoked, or never a link).
 */
function isUnauthorized(error: Error & { data?: unknown }): boolean {
  const data = error.data as { code?: unknown } | undefined;
  return data?.code === 'NOT_AUTHENTICATED' || data?.code === 'NOT_FOUND';
}

/** What the socket's state says right now. */
function statusOf(socket: TabulaSocket): TransportStatus {
  if (socket.connected) return 'connected';
  return socket.active ? 'connecting' : 'disconnected';
}

/**
 * A `Transport` over a Socket.IO socket the host owns (one socket per tab, shared with the
 * host's own events). `close()` detaches this transport's listeners and sends `close-canvas`
 * for the canvases it joined; it never disconnects the socket. Calls made while disconnected
 * fail at once instead of being buffered, so the collaboration client's outbox stays the one
 * place that resends.
 */
export function socketTransport(
  socket: TabulaSocket,
  options: SocketTransportOptions = {},
): Transport {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const serverUrl = options.serverUrl ?? globalThis.location?.href;
  const untyped = socket as unknown as Socket;
  const status = new BehaviorSubject<TransportStatus>(statusOf(socket));
  const joined = new Set<string>();
  let closed = false;

  const onConnect = () => status.next('connected');
  const onDisconnect = (reason: string) => {
    // The server disconnects a socket itself only when its session (or view link) was revoked.
    if (reason === 'io server disconnect') status.next('unauthorized');
    else status.next(statusOf(socket));
  };
  const onConnectError = (error: Error & { data?: unknown }) => {
    if (isUnauthorized(error)) status.next('unauthorized');
    else if (!socket.connected) status.next(statusOf(socket));
  };
  const onGaveUp = () => status.next('disconnected');
  socket.on('connect', onConnect);
  untyped.on('disconnect', onDisconnect);
  untyped.on('connect_error', onConnectError);
  socket.io.on('reconnect_failed', onGaveUp);

  return {
    status$: status.asObservable(),
    events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>> {
      return new Observable<ServerPayload<E>>((subscriber) => {
        const listener = (payload: unknown) => subscriber.next(payload as ServerPayload<E>);
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
        untyped
          .timeout(ackTimeoutMs)
          .emit(
            event,
            payload,
            (error: Error | null, result: AckResult<TransportRequests[E][1]>) => {
              if (error) {
                reject(new TransportError(socket.connected ? 'timeout' : 'disconnected'));
                return;
              }
              if (event === 'join-canvas' && result.ok && !closed) joined.add(payload.canvasId);
              resolve(result);
            },
          );
      });
    },
    pointer(payload: PointerPayload): void {
      if (!closed && socket.connected) socket.volatile.emit('pointer', payload);
    },
    ink(payload: InkPayload): void {
      if (!closed && socket.connected) socket.volatile.emit('ink', payload);
    },
    ...(serverUrl !== undefined && typeof fetch === 'function'
      ? {
          download(path: string): Promise<Response> {
            if (closed) return Promise.reject(new TransportError('closed'));
            return fetch(new URL(path, serverUrl));
          },
        }
      : {}),
    inkWritable(): boolean {
      // Socket.IO drops a volatile message while its transport is not writable, which it is
      // not until the next tick after any other message (a pointer, a commit) was written.
      const engine = socket.io.engine as { transport?: { writable?: boolean } } | undefined;
      return !closed && socket.connected && engine?.transport?.writable === true;
    },
    close(): void {
      if (closed) return;
      closed = true;
      socket.off('connect', onConnect);
      untyped.off('disconnect', onDisconnect);
      untyped.off('connect_error', onConnectError);
      socket.io.off('reconnect_failed', onGaveUp);
      if (socket.connected)
        for (const canvasId of joined) socket.emit('close-canvas', { canvasId });
      joined.clear();
      status.next('disconnected');
      status.complete();
    },
  };
}
