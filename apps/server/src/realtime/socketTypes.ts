import type { Server, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  InkMessage,
  ServerToClientEvents,
} from '@tabula/domain/protocol';

/** What the connection middleware learnt from the handshake token. */
export interface SocketData {
  userId: string;
  sessionId: string;
  username: string;
  profilePhoto: string;
}

/** What nodes tell each other through the Socket.IO adapter (`serverSideEmit`). */
export interface InterServerEvents {
  /** Ink relayed on one node, for the sessions of the canvas on the others. */
  'live-ink': (message: InkMessage) => void;
  /** Who is online changed: each node sends its own spec sockets the map in their turn. */
  'presence-changed': () => void;
}

export type AppServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export const rooms = {
  canvas: (canvasId: string) => `canvas:${canvasId}`,
  /** The sockets watching a canvas's history (`watch-canvas`): they get `history-appended`. */
  history: (canvasId: string) => `history:${canvasId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};
