/**
 * Compressed messages from clients, inflated in the event loop's turn.
 *
 * Once permessage-deflate is negotiated (for what the server sends: `webSocketFrames.ts`), a
 * browser compresses every message it sends: Chromium deflates even a 10-byte one. So every
 * ink patch, cursor and commit a browser sends arrives deflated. The WebSocket library inflates
 * each on libuv's thread pool, behind one queue of ten shared by every connection of the
 * process: a round trip to another thread and back per message, and in a crowd every cursor
 * of the room waits in that queue behind the other connections' messages and behind the pool's
 * other work (a scene download's gzip, password hashing). A small message is inflated here
 * instead, at once (an `ink` patch of 130 bytes, 107 compressed: about 11 µs on the loop,
 * against about 80 µs from write to result through the pool). A large one (a big commit) and the fragments of a
 * fragmented one still go to the pool.
 *
 * This relies on each client message standing alone (`client_no_context_takeover`, which the
 * server always answers with); a connection that did not agree to it is left as it is.
 */
import { constants, inflateRawSync } from 'node:zlib';
import type { WebSocket } from 'ws';

/** Compressed bytes up to which a message is inflated in the turn (a commit of a few strokes). */
export const IN_TURN_MAX_BYTES = 16 * 1024;

/** RFC 7692 §7.2.2: the sender leaves out the deflate block's `00 00 ff ff`; put it back. */
const TRAILER = Buffer.from([0x00, 0x00, 0xff, 0xff]);

type Inflated = (error: Error | null, result?: Buffer) => void;

/** The parts of ws's permessage-deflate extension and receiver this module works with. */
interface PerMessageDeflate {
  readonly params: { client_no_context_takeover?: boolean };
  /** The largest message allowed, inflated (Socket.IO's `maxHttpBufferSize`); 0: no limit. */
  readonly _maxPayload: number;
  decompress(data: Buffer, fin: boolean, callback: Inflated): void;
}
interface Receiver {
  createError(
    type: ErrorConstructor | RangeErrorConstructor,
    message: string,
    prefix: boolean,
    statusCode: number,
    errorCode: string,
  ): Error;
}
interface WebSocketInternals {
  _extensions: { 'permessage-deflate'?: PerMessageDeflate };
  _receiver?: Receiver;
}

/** Makes `webSocket` inflate its small compressed messages in the turn (see the header). */
export function inflateInTurn(webSocket: WebSocket): void {
  const internals = webSocket as unknown as WebSocketInternals;
  const extension = internals._extensions['permessage-deflate'];
  const receiver = internals._receiver;
  if (!extension || !receiver || extension.params.client_no_context_takeover !== true) return;
  const onPool = extension.decompress.bind(extension);
  const maxOutputLength = extension._maxPayload > 0 ? extension._maxPayload : undefined;
  /** A fragmented message is under way: its fragments all go to the pool's inflater. */
  let fragmented = false;

  extension.decompress = (data, fin, callback) => {
    if (fragmented || !fin || data.length > IN_TURN_MAX_BYTES) {
      fragmented = !fin;
      return onPool(data, fin, callback);
    }
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(Buffer.concat([data, TRAILER]), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength,
      });
    } catch (error) {
      // As ws answers them: 1009 for a message inflating past the limit, 1007 for bad data.
      const { code = 'Z_DATA_ERROR', message } = error as Error & { code?: string };
      const tooLarge = code === 'ERR_BUFFER_TOO_LARGE';
      process.nextTick(() =>
        callback(
          tooLarge
            ? receiver.createError(
                RangeError,
                'Max payload size exceeded',
                false,
                1009,
                'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
              )
            : receiver.createError(Error, message, false, 1007, code),
        ),
      );
      return;
    }
    // Never called back within the call: ws's receiver is in the middle of its parsing loop.
    process.nextTick(callback, null, inflated);
  };
}
