/**
 * A Socket.IO socket as a live-room session: frames are Socket.IO packets encoded once by the
 * server's encoder (and framed once for WebSocket) and written to the socket's Engine.IO
 * connection at the end of the turn, all of a turn's frames in one write; the backlog is what
 * Engine.IO holds for it plus what the WebSocket has not yet handed to the network.
 */
import type { FrameEncoder, LiveSession } from './liveSession';
import { jsonPieces } from '../infrastructure/sharedJson';
import type { AppSocket } from './socketTypes';
import {
  FRAME_COMPRESSION,
  deflatedWebSocketFrame,
  deflatedWebSocketFrameOffLoop,
  deflates,
  webSocketFrame,
} from './webSocketFrames';

/**
 * One Socket.IO packet, encoded once for every session that gets it: its text and, made by
 * the first session of `/` that writes it, Engine.IO's packet holding it as a ready WebSocket
 * frame (and for a large one, a compressed frame too: `webSocketFrames.ts`), which every
 * session then hands to Engine.IO as it is.
 */
export interface SocketFrame {
  readonly text: string;
  /**
   * The same text in pieces, when it was encoded so (`PiecesFrame`): the WebSocket frames are
   * written from them, and `text` is joined only if something reads it.
   */
  readonly pieces?: readonly string[];
  packet?: EnginePacket;
  deflated?: EnginePacket;
  /** The compressed frame being made on the thread pool (`prepare`), once for every session. */
  deflating?: Promise<void>;
}

/**
 * A frame of a message whose elements are texts made before (`jsonPieces`): a scene chunk's
 * frame is written from the texts the scene holds, one by one, with no string of the chunk's
 * size made on the event loop's heap (a 50,000-element join made three per chunk: the scene
 * three times over in large strings, and the full collections they brought on).
 */
class PiecesFrame implements SocketFrame {
  packet?: EnginePacket;
  deflated?: EnginePacket;
  deflating?: Promise<void>;
  /** The text's length in characters. */
  readonly length: number;
  private joined: string | undefined;

  constructor(readonly pieces: readonly string[]) {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    this.length = length;
  }

  /** Read only by a transport that cannot take the ready frame (polling), or a namespace. */
  get text(): string {
    return (this.joined ??= this.pieces.join(''));
  }
}

/** The frame's text's length in characters, without joining it. */
function lengthOf(frame: SocketFrame): number {
  return frame instanceof PiecesFrame ? frame.length : frame.text.length;
}

/** Events whose elements are written from texts made before (sharedJson.ts). */
const SPLICED = new Set(['updated-canvas', 'scene-chunk']);

/**
 * Socket.IO packets in the default parser's text form (`2` = EVENT, namespace `/`, no ack id,
 * then the JSON of `[event, payload]`); our payloads never hold binary. An `updated-canvas`
 * reuses the text its elements were given when they were committed, a `scene-chunk` the
 * texts the scene holds its elements as (sharedJson.ts), as pieces (`PiecesFrame`).
 */
export function socketFrameEncoder(): FrameEncoder<SocketFrame> {
  return {
    encode: (event, payload) =>
      SPLICED.has(event)
        ? new PiecesFrame(['2', ...jsonPieces([event, payload])!])
        : { text: `2${JSON.stringify([event, payload])}` },
  };
}

interface EnginePacket {
  type: 'message';
  readonly data: string;
  /** The text's length, read for the backlog without joining a frame's pieces. */
  length?: number;
  options: { compress: boolean; wsPreEncodedFrame?: Buffer[] };
}

interface EngineConnection {
  readyState: string;
  writeBuffer: { data?: string | Buffer }[];
  transport: {
    name: string;
    socket?: {
      bufferedAmount?: number;
      extensions?: string;
      _socket?: { cork(): void; uncork(): void };
    };
    once(event: 'drain', listener: () => void): unknown;
    removeListener(event: 'drain', listener: () => void): unknown;
  };
  flush(): void;
  on(event: 'upgrade' | 'close' | 'packetCreate', listener: () => void): unknown;
}

function sizeOf(packet: { data?: string | Buffer; length?: number }): number {
  if (packet.length !== undefined) return packet.length;
  const { data } = packet;
  if (data === undefined) return 0;
  return typeof data === 'string' ? data.length : data.byteLength;
}

/** Bytes the server holds for this socket: Engine.IO's write buffer and the WebSocket's. */
export function socketBacklogBytes(socket: AppSocket): number {
  const conn = socket.conn as unknown as EngineConnection;
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) bytes += sizeOf(packet);
  return bytes;
}

/**
 * The frame's Engine.IO packet for namespace `/`, made once and shared (never changed): the
 * compressed frame for a connection that negotiated it when the message is large enough.
 */
function sharedPacket(frame: SocketFrame, compressed: boolean): EnginePacket {
  const text = frame.pieces ?? frame.text;
  if (compressed && lengthOf(frame) >= FRAME_COMPRESSION.threshold)
    return (frame.deflated ??= readyPacket(frame, deflatedWebSocketFrame(text)));
  return (frame.packet ??= readyPacket(frame, webSocketFrame(text)));
}

/** Makes the frame's shared compressed packet on the thread pool, once (see `prepare`). */
function deflateAhead(frame: SocketFrame): Promise<void> {
  const text = frame.pieces ?? frame.text;
  return (frame.deflating ??= deflatedWebSocketFrameOffLoop(text).then((deflated) => {
    frame.deflated ??= readyPacket(frame, deflated);
  }));
}

/** The frame's packet with its WebSocket frame ready; its text is read only if needed. */
function readyPacket(frame: SocketFrame, webSocketFrame: Buffer): EnginePacket {
  return new ReadyPacket(frame, webSocketFrame);
}

/**
 * A class rather than an object literal with a getter: V8 makes such a literal more than ten
 * times slower, and one is made for every frame.
 */
class ReadyPacket implements EnginePacket {
  readonly type = 'message';
  readonly length: number;
  readonly options: EnginePacket['options'];

  constructor(
    private readonly frame: SocketFrame,
    webSocketFrame: Buffer,
  ) {
    this.length = lengthOf(frame);
    this.options = { compress: true, wsPreEncodedFrame: [webSocketFrame] };
  }

  /** Read only by a transport that cannot take the ready frame (polling). */
  get data(): string {
    return this.frame.text;
  }
}

/**
 * Writes are gathered until the end of the current turn of the event loop (every message
 * that arrived in it has been handled), then each connection gets all of its frames in one
 * system call instead of one per frame.
 */
const flushing = new Set<() => void>();
function flushAll(): void {
  const due = [...flushing];
  flushing.clear();
  for (const flush of due) flush();
}
function flushLater(flush: () => void): void {
  if (flushing.size === 0) setImmediate(flushAll);
  flushing.add(flush);
}

/**
 * `namespace`: the socket's, when it is not `/` (the room's frames are encoded for `/` and
 * get the namespace written into their header, one packet per session).
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
    pending = [];
  });

  /** Frames written in this turn, not yet handed to Engine.IO. */
  let pending: SocketFrame[] = [];

  const compresses = () => conn.transport.name === 'websocket' && deflates(conn.transport.socket);

  function packet(frame: SocketFrame): EnginePacket {
    const compressed = compresses();
    if (!namespace) return sharedPacket(frame, compressed);
    const data = `${frame.text[0]}${namespace},${frame.text.slice(1)}`;
    if (compressed && data.length >= FRAME_COMPRESSION.threshold)
      return readyPacket({ text: data }, deflatedWebSocketFrame(data));
    return { type: 'message', data, options: { compress: true } };
  }

  /** Puts the pending frames into Engine.IO's write buffer, in order. */
  function handOver(): void {
    if (pending.length === 0) return;
    const frames = pending;
    pending = [];
    for (const frame of frames) (conn.writeBuffer as EnginePacket[]).push(packet(frame));
  }

  function flush(): void {
    if (pending.length === 0 || conn.readyState !== 'open') return void (pending = []);
    handOver();
    // One write for all of them: the WebSocket's own writes are nested in this cork.
    const tcp = conn.transport.name === 'websocket' ? conn.transport.socket?._socket : undefined;
    tcp?.cork();
    try {
      conn.flush();
    } catch {
      // Written at the end of the turn, outside any handler: a connection that cannot take a
      // write is closed, and its client reconnects and catches up from its revision.
      socket.disconnect(true);
    } finally {
      tcp?.uncork();
    }
  }

  // Anything else sent on this connection (acks, other events) goes after the frames written
  // before it: Engine.IO announces each packet just before it queues it.
  conn.on('packetCreate', handOver);

  return {
    id: socket.id,
    userId: socket.data.userId,
    write(frame) {
      if (conn.readyState !== 'open') return;
      pending.push(frame);
      if (pending.length === 1) flushLater(flush);
    },
    backlogBytes,
    onceDrained(listener) {
      waiting.push(listener);
      if (backlogBytes() === 0) setImmediate(check);
      else arm();
    },
    prepare(frame) {
      const large = lengthOf(frame) >= FRAME_COMPRESSION.threshold;
      if (namespace || !large || frame.deflated || !compresses()) return undefined;
      return deflateAhead(frame);
    },
  };
}
