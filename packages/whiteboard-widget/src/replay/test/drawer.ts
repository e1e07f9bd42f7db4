import type { GestureTiming, SceneElement } from '@tabula/domain';
import type { AckResult, CanvasUpdateResult } from '@tabula/domain/protocol';
import { socketIoTransport } from '../../collab/socketIoTransport';
import type { TabulaSocket } from '../../collab/socketTransport';

/** Who draws: a user id, their username and session token. */
export interface DrawingUser {
  userId: string;
  username: string;
  token: string;
}

/** A user's open canvas: commits gestures as the board would (`canvas-update` with timing). */
export interface Drawer {
  /** The user's socket, in the canvas's room. */
  socket: TabulaSocket;
  draw(elements: readonly SceneElement[], timing?: GestureTiming): Promise<number>;
  close(): void;
}

function unwrap<T>(result: AckResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} refused: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** Connects `user` to the server at `url`, announces them online and joins `canvasId`. */
export async function openDrawer(
  url: string,
  user: DrawingUser,
  canvasId: string,
): Promise<Drawer> {
  const { socket } = socketIoTransport(url, user.token, {
    socketOptions: { transports: ['websocket'], forceNew: true },
  });
  try {
    const ack = socket.timeout(15_000);
    unwrap(
      await ack.emitWithAck('online', {
        userId: user.userId,
        username: user.username,
        profilePhoto: '',
      }),
      'online',
    );
    unwrap(await ack.emitWithAck('join-canvas', { canvasId }), 'join-canvas');
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  return {
    socket,
    async draw(elements, timing) {
      const result: AckResult<CanvasUpdateResult> = await socket
        .timeout(15_000)
        .emitWithAck('canvas-update', {
          canvasId,
          eventId: crypto.randomUUID(),
          elements: [...elements],
          ...(timing ? { timing } : {}),
        });
      return unwrap(result, 'canvas-update').revision;
    },
    close: () => socket.disconnect(),
  };
}
