/**
 * Drawing on a canvas over Socket.IO: a thin adapter from socket messages to the live rooms
 * (`join-canvas`, `close-canvas`, `canvas-update`, `ink`), volatile `pointer` for live
 * cursors, which crosses nodes through the Socket.IO adapter's canvas rooms, and
 * `watch-canvas`, which joins the room to listen without a board.
 */
import { PointerDto, WatchCanvasDto, parseDto } from '@tabula/domain/dto';
import type { InkMessage } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import type { CanvasesService } from '../canvases.service';
import type { LiveRooms } from '../live/liveRooms';
import type { LiveSession } from '../live/liveSession';
import type { SocketFrame } from '../../../realtime/socketSession';
import type { AppSocket } from '../../../realtime/socketTypes';
import { rooms } from '../../../realtime/socketTypes';
import { withAck } from '../../../realtime/withAck';

export function registerDrawingHandlers(
  socket: AppSocket,
  session: LiveSession<SocketFrame>,
  context: Pick<AppContext, 'logError'>,
  live: LiveRooms<SocketFrame>,
  canvases: Pick<CanvasesService, 'readableHead'>,
  /** Hands accepted ink to the other nodes (absent on a single node). */
  toOtherNodes?: (message: InkMessage) => void,
): void {
  const { logError } = context;
  const on = (
    event: 'join-canvas' | 'watch-canvas' | 'close-canvas' | 'canvas-update' | 'ink' | 'pointer',
    handler: (payload: unknown) => Promise<unknown>,
  ) => socket.on(event, withAck(socket, handler, logError));

  on('join-canvas', async (payload) => {
    const answer = await live.join(session, payload);
    // The Socket.IO room carries what crosses nodes: cursors and membership notices.
    await socket.join(rooms.canvas(answer.canvasId));
    return answer;
  });

  // Listening only (the history screen): the room's notices and history entries, no board.
  on('watch-canvas', async (payload) => {
    const { canvasId } = parseDto(WatchCanvasDto, payload);
    const revision = await canvases.readableHead(socket.data.userId, canvasId);
    await socket.join(rooms.canvas(canvasId));
    return { canvasId, revision };
  });

  on('close-canvas', async (payload) => {
    const answer = live.close(session, payload);
    await socket.leave(rooms.canvas(answer.canvasId));
    return answer;
  });

  on('canvas-update', (payload) => live.commit(session, payload));

  on('ink', async (payload) => {
    const message = live.ink(session, payload);
    toOtherNodes?.(message);
    return null;
  });

  on('pointer', async (payload) => {
    const { canvasId, x, y, tool } = parseDto(PointerDto, payload);
    const room = rooms.canvas(canvasId);
    if (!socket.rooms.has(room)) return null;
    const { userId, username } = socket.data;
    socket.volatile.to(room).emit('pointer-moved', { canvasId, userId, username, x, y, tool });
    return null;
  });

  socket.on('disconnect', () => live.disconnect(session));
}
