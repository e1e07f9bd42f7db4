/**
 * What a live canvas room needs of one connection, whatever carries it (Socket.IO in the app,
 * a plain object in unit tests): who it is, a way to hand it an encoded message, and how much
 * it has not yet written to the network. Messages are encoded once per room by a
 * `FrameEncoder` and the same frame is written to every session that gets it.
 */
import type { ServerToClientEvents } from '@tabula/domain/protocol';

export type ServerEvent = keyof ServerToClientEvents;
export type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

export interface LiveSession<Frame> {
  /** The connection's id; commits carry it as `correlationId`, so its own are not echoed. */
  readonly id: string;
  readonly userId: string;
  /** Hands an encoded message to the transport, in order; never drops it. */
  write(frame: Frame): void;
  /** Bytes handed to the transport that the network has not taken yet. */
  backlogBytes(): number;
  /** Calls `listener` once, the next time the backlog is empty. */
  onceDrained(listener: () => void): void;
  /**
   * Makes ahead, off the event loop, what writing `frame` would cost on this connection (a
   * large frame's compression, on the thread pool), for a writer that can wait for it (a
   * scene stream); undefined when there is nothing to make.
   */
  prepare?(frame: Frame): Promise<void> | undefined;
}

export interface FrameEncoder<Frame> {
  encode<E extends ServerEvent>(event: E, payload: ServerPayload<E>): Frame;
}
