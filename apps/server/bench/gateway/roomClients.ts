/** Real Socket.IO clients of the gateway benchmark: one per token, all joined to one canvas. */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

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
    });
    socket.once('connect', () => resolve(socket));
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
