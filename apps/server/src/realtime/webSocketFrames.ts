/**
 * Ready WebSocket frames for the live rooms' messages, plain or compressed, built once per
 * message and handed to every receiving connection as they are (`socketSession.ts`).
 *
 * Compression is WebSocket permessage-deflate (RFC 7692), negotiated by the WebSocket server
 * (`DeflateNegotiatingServer`, Engine.IO's `wsEngine`) but never applied by it: the server's
 * own threshold lies beyond any message, so it sends every message as it is, in order. A
 * message of at least `FRAME_COMPRESSION.threshold` bytes (a join's scene chunks, catch-ups,
 * large commits) is compressed here instead, once, whoever receives it: a 2,000-stroke scene
 * goes in ~29 % of its JSON's bytes. A join's scene chunks are compressed on the thread pool
 * before they are written (`LiveSession.prepare`): on the event loop, a 192 KB chunk's
 * compression took most of every ~30 ms turn of a 50,000-element join on a busy 2-core machine
 * (a CPU profile of the cold-join bench). Smaller messages (ink, cursors, most commits) go as they
 * are. Had the WebSocket server compressed, it would do it once per receiving connection, and
 * Engine.IO would stop taking ready frames (each message framed again per connection: four
 * times the server's CPU per message with 50 people in a room).
 *
 * Each compressed message stands alone (no context kept between messages, negotiated as
 * `server_no_context_takeover`), so one compressed frame is valid for every connection.
 */
import { promisify } from 'node:util';
import { constants, deflateRaw, deflateRawSync } from 'node:zlib';
import { WebSocketServer } from 'ws';
import type { ServerOptions } from 'ws';
import { inflateInTurn } from './inboundInflate';

/** What is compressed and how: level 4, its ratio within 1 % of level 6. */
export const FRAME_COMPRESSION = {
  /** Bytes of a message's text from which it is compressed. */
  threshold: 8 * 1024,
  level: 4,
  memLevel: 6,
  /** The window of the compressor (as negotiated: the client's decompressor may use less). */
  windowBits: 12,
};

/** The permessage-deflate parameters the server accepts. */
const NEGOTIATED: ServerOptions['perMessageDeflate'] = {
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: FRAME_COMPRESSION.windowBits,
  // The WebSocket server itself compresses nothing: the frames come compressed (or not) from
  // here, so every message, compressed or not, is written at once and in order.
  threshold: Number.MAX_SAFE_INTEGER,
};

/**
 * Engine.IO's WebSocket server, negotiating permessage-deflate (see the module's header); the
 * messages clients compress are inflated in the turn when small (`inboundInflate.ts`).
 */
export class DeflateNegotiatingServer extends WebSocketServer {
  constructor(options: ServerOptions) {
    super({ ...options, perMessageDeflate: NEGOTIATED });
  }

  override handleUpgrade(...[request, socket, head, upgraded]: UpgradeArguments): void {
    super.handleUpgrade(request, socket, head, (webSocket, upgradeRequest) => {
      inflateInTurn(webSocket);
      upgraded(webSocket, upgradeRequest);
    });
  }
}

type UpgradeArguments = Parameters<WebSocketServer['handleUpgrade']>;

/** True when the WebSocket (Engine.IO's transport's `socket`) negotiated permessage-deflate. */
export function deflates(webSocket: { extensions?: string } | undefined): boolean {
  return webSocket?.extensions?.includes('permessage-deflate') ?? false;
}

/**
 * `4` (Engine.IO MESSAGE) and the packet's text as one unmasked, final WebSocket text frame
 * (RFC 6455 §5.2), in one buffer (the hot path: every ink and commit frame). The text may come
 * in pieces (`jsonPieces`): each is written into the buffer where it goes, never joined first.
 */
export function webSocketFrame(text: string | readonly string[]): Buffer {
  const pieces = typeof text === 'string' ? [text] : text;
  let length = 1;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const header = headerSize(length);
  const frame = Buffer.allocUnsafe(header + length);
  writeHeader(frame, length, false);
  frame[header] = 0x34; // '4'
  let at = header + 1;
  for (const piece of pieces) at += frame.write(piece, at);
  return frame;
}

/** What a frame carries: `4` and the packet's text, as UTF-8 (a view of the frame's buffer). */
function payloadOf(text: string | readonly string[]): Buffer {
  const frame = webSocketFrame(text);
  const length = frame[1]! & 0x7f; // the length itself, or which longer field holds it
  return frame.subarray(length < 126 ? 2 : length === 126 ? 4 : 10);
}

/** How every message is deflated (see `FRAME_COMPRESSION`). */
const DEFLATE_OPTIONS = {
  level: FRAME_COMPRESSION.level,
  memLevel: FRAME_COMPRESSION.memLevel,
  windowBits: FRAME_COMPRESSION.windowBits,
  finishFlush: constants.Z_SYNC_FLUSH,
};

const deflateOnPool = promisify(deflateRaw);

/**
 * The same message compressed (RSV1 set): deflated alone, ending with a sync flush whose
 * trailing `00 00 ff ff` is left out (RFC 7692 §7.2.1); the receiver puts it back. Deflated
 * here, on the event loop: a frame written in the middle of a turn (a commit for the room).
 */
export function deflatedWebSocketFrame(text: string | readonly string[]): Buffer {
  return compressedFrame(deflateRawSync(payloadOf(text), DEFLATE_OPTIONS));
}

/**
 * `deflatedWebSocketFrame`, deflated on the thread pool: for a frame made ahead of its write
 * (a join's scene chunks, one after another), whose compression would otherwise hold the
 * event loop for milliseconds per chunk.
 */
export async function deflatedWebSocketFrameOffLoop(
  text: string | readonly string[],
): Promise<Buffer> {
  return compressedFrame(await deflateOnPool(payloadOf(text), DEFLATE_OPTIONS));
}

function compressedFrame(deflated: Buffer): Buffer {
  const length = deflated.length - 4;
  const header = Buffer.allocUnsafe(headerSize(length));
  writeHeader(header, length, true);
  return Buffer.concat([header, deflated.subarray(0, length)]);
}

function headerSize(length: number): number {
  return length < 126 ? 2 : length < 65536 ? 4 : 10;
}

/** The frame header for a payload of `length` bytes at the start of `header`. */
function writeHeader(header: Buffer, length: number, compressed: boolean): void {
  header[0] = compressed ? 0xc1 : 0x81; // FIN, (RSV1: compressed,) opcode 1: text
  if (length < 126) header[1] = length;
  else if (length < 65536) {
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 127;
    header.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    header.writeUInt32BE(length % 2 ** 32, 6);
  }
}
