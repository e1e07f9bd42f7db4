/**
 * A Socket.IO socket as a live-room session: frames are Socket.IO packets encoded once by the
 * server's encoder and written straight to the socket's Engine.IO connection; the backlog is
 * what Engine.IO holds for it plus what the WebSocket has not yet handed to the network.
 */
import type { FrameEncoder, LiveSession } from '../features/canvases/live/liveSession';
import { stringify } from '../infrastructure/sharedJson';
import type { AppSocket } from './socketTypes';

/** Encoded Engine.IO messages of one Socket.IO packet. */
export type SocketFrame = readonly (string | Buffer)[];

/**
 * Socket.IO packets in the default parser's text form (`2` = EVENT, namespace `/`, no ack id,
 * then the JSON of `[event, payload]`); our payloads never hold binary. An `updated-canvas`
 * reuses the text its elements were given when they were committed (sharedJson.ts).
 */
export function socketFrameEncoder(): FrameEncoder<SocketFrame> {
  return {
    encode: (event, payload) => [
      `2${event === 'updated-canvas' ? stringify([event, payload]) : JSON.stringify([event, payload])}`,
    ],
  };
}

interface EngineConnection {
  readyState: string;
  writeBuffer: { data?: string | Buffer }[];
  transport: {
    socket?: { bufferedAmount?: number };
    once(event: 'drain', listener: () => void): unknown;
    removeListener(event: 'drain', listener: () => void): unknown;
  };
  write(data: string | Buffer): unknown;
  on(event: 'upgrade' | 'close', listener: () => void): unknown;
}

function sizeOf(data: string | Buffer | undefined): number {
  if (data === undefined) return 0;
  return typeof data === 'string' ? data.length : data.byteLength;
}

/** Bytes the server holds for this socket: Engine.IO's write buffer and the WebSocket's. */
export function socketBacklogBytes(socket: AppSocket): number {
  const conn = socket.conn as unknown as EngineConnection;
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) bytes += sizeOf(packet.data);
  return bytes;
}

/**
 * `namespace`: the socket's, when it is not `/` (the room's frames are encoded for `/` and
 * get the namespace written into their header).
 */
export function socketSession(socket: AppSocket, namespace?: string): LiveSession<SocketFrame> {
  const conn = socket.conn as unknown as EngineConnection;
  const waiting: (() => void)[] = [];
  let armed: { transport: EngineConnection['transport']; listener: () => void } | undefined;
  const backlogBytes = () => socketBacklogBytes(socket);

  function disarm(): void {
    armed?.transport.removeListener('drain', armed.listener);
    armed = undefined;
  }

  /** Waits for the transport's next `drain` (after which the connection flushes again). */
  function arm(): void {
    if (armed || waiting.length === 0) return;
    const transport = conn.transport;
    const listener = () => {
      armed = undefined;
      // Engine.IO flushes its buffer on the same event: check once that has happened.
      setImmediate(check);
    };
    armed = { transport, listener };
    transport.once('drain', listener);
  }

  function check(): void {
    if (conn.readyState !== 'open') return;
    if (backlogBytes() > 0) return arm();
    for (const listener of waiting.splice(0)) listener();
  }

  conn.on('upgrade', () => {
    disarm();
    arm();
  });
  conn.on('close', () => {
    disarm();
    waiting.length = 0;
  });

  return {
    id: socket.id,
    userId: socket.data.userId,
    write(frame) {
      if (conn.readyState !== 'open') return;
      for (const data of frame)
        conn.write(
          namespace && typeof data === 'string' ? `${data[0]}${namespace},${data.slice(1)}` : data,
        );
    },
    backlogBytes,
    onceDrained(listener) {
      waiting.push(listener);
      if (backlogBytes() === 0) setImmediate(check);
      else arm();
    },
  };
}
