/** Real Socket.IO clients of the gateway benchmark: one per token, all joined to one canvas. */
import { constants, deflateRawSync } from 'node:zlib';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

/**
 * BENCH_BROWSER_CLIENTS=1: clients send as a browser does where the server negotiated
 * permessage-deflate (Tabula does, the bare relay does not): every message compressed,
 * however small, and compressed at once (a browser deflates in its network process; ws's
 * client would do it on this process's thread pool and add its wait to the ink's latency).
 */
export const BROWSER_CLIENTS = process.env.BENCH_BROWSER_CLIENTS === '1';

type Compressed = (error: Error | null, result?: Buffer) => void;
interface ClientWebSocket {
  _extensions: {
    'permessage-deflate'?: { compress(data: Buffer, fin: boolean, callback: Compressed): void };
  };
}

/** Makes the client's WebSocket compress each message synchronously, as a browser sends it. */
function compressLikeABrowser(socket: Socket): void {
  const engine = socket.io.engine as unknown as { transport: { ws?: ClientWebSocket } };
  const extension = engine.transport.ws?._extensions['permessage-deflate'];
  if (!extension) return;
  extension.compress = (data, fin, callback) => {
    const deflated = deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
    // RFC 7692 §7.2.1: a message's last fragment leaves out the flush's `00 00 ff ff`.
    process.nextTick(callback, null, fin ? deflated.subarray(0, deflated.length - 4) : deflated);
  };
}

export interface RoomClients {
  canvasId: string;
  sockets: Socket[];
}

function open(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      ...(BROWSER_CLIENTS ? { perMessageDeflate: { threshold: 0 } } : {}),
    });
    socket.once('connect', () => {
      if (BROWSER_CLIENTS) compressLikeABrowser(socket);
      resolve(socket);
    });
    socket.once('connect_error', reject);
  });
}

/**
 * Connects one client per token and joins each to `canvasId` (resolves once all are in);
 * `url` is the server's, or each client's by its index (e.g. a balancer's URL asking for a node).
 */
export async function connectRoom(
  url: string | ((client: number) => string),
  canvasId: string,
  tokens: string[],
): Promise<RoomClients> {
  const urlOf = typeof url === 'string' ? () => url : url;
  const sockets = await Promise.all(tokens.map((token, client) => open(urlOf(client), token)));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) =>
          socket.emit('join-canvas', { canvasId }, (answer: { ok: boolean }) =>
            answer.ok
              ? resolve()
              : reject(new Error(`join-canvas refused: ${JSON.stringify(answer)}`)),
          ),
        ),
    ),
  );
  return { canvasId, sockets };
}

export function disconnectAll(rooms: RoomClients[]): void {
  for (const room of rooms) for (const socket of room.sockets) socket.disconnect();
}
