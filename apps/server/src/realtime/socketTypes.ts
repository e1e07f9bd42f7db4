import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@tabula/domain/protocol';

/** What the connection middleware learnt from the handshake token. */
export interface SocketData {
  userId: string;
  sessionId: string;
  username: string;
  profilePhoto: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, {}, SocketData>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, {}, SocketData>;

export const rooms = {
  canvas: (canvasId: string) => `canvas:${canvasId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};
