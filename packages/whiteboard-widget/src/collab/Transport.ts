import type { Observable } from 'rxjs';
import type {
  AckResult,
  CanvasUpdatePayload,
  InkPayload,
  CanvasUpdateResult,
  JoinCanvasPayload,
  JoinCanvasResult,
  PointerPayload,
  ServerEventName,
  ServerToClientEvents,
  UndoClearPayload,
  UndoClearResult,
} from '@tabula/domain/protocol';

/**
 * Where a transport's connection stands: `connecting` (first try, or trying again after a
 * drop), `connected`, `disconnected` (gave up or closed), `unauthorized` (the server refused
 * the session: the handshake said `NOT_AUTHENTICATED`, or the session was revoked).
 */
export type TransportStatus = 'connecting' | 'connected' | 'disconnected' | 'unauthorized';

/** The payload of a server → client event. */
export type ServerPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The acknowledged client → server calls the collaboration client makes: [payload, ack data]. */
export interface TransportRequests {
  'join-canvas': [JoinCanvasPayload, JoinCanvasResult];
  'canvas-update': [CanvasUpdatePayload, CanvasUpdateResult];
  'undo-clear': [UndoClearPayload, UndoClearResult];
}

/**
 * A connection to a Tabula server, as the collaboration client needs it. Implementations:
 * `socketTransport` (wraps a Socket.IO socket the host owns) and `socketIoTransport` (opens
 * its own).
 */
export interface Transport {
  /** The connection state; emits the current state on subscription, then every change. */
  readonly status$: Observable<TransportStatus>;
  /** Every `event` the server sends, from subscription on. */
  events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>>;
  /**
   * Sends `event` and resolves with the server's ack. Rejects with a `TransportError` when the
   * message could not be delivered or answered (disconnected, timed out): it may or may not
   * have reached the server, so the caller resends it under the same id.
   */
  request<E extends keyof TransportRequests>(
    event: E,
    payload: TransportRequests[E][0],
  ): Promise<AckResult<TransportRequests[E][1]>>;
  /** Sends a volatile `pointer`; dropped while disconnected. */
  pointer(payload: PointerPayload): void;
  /** Sends a volatile `ink` (a preview of elements being drawn); dropped while disconnected. */
  ink(payload: InkPayload): void;
  /**
   * False while a volatile message would be dropped (disconnected, or the connection is still
   * writing an earlier message): the engine then keeps its ink for the next frame instead of
   * counting it as sent. A transport without it is taken as always ready.
   */
  inkWritable?(): boolean;
  /**
   * Fetches `path` (a `download` join answer's) from the server over HTTP. A transport without
   * it gets a large scene in `scene-chunk` messages instead.
   */
  download?(path: string): Promise<Response>;
  /** Stops using the connection (what that closes depends on who owns it). */
  close(): void;
}

/** A message that may not have been delivered or answered. */
export class TransportError extends Error {
  constructor(
    readonly reason: 'disconnected' | 'timeout' | 'closed',
    message = `Transport ${reason}`,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
