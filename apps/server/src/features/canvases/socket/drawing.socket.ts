/**
 * Drawing on a canvas over Socket.IO: a thin adapter from socket messages to the live rooms
 * (`join-canvas`, `close-canvas`, `canvas-update` (one at a time per socket: `commitQueue.ts`),
 * `ink`), volatile `pointer` for live
 * cursors, which crosses nodes through the Socket.IO adapter's canvas rooms, and
 * `watch-canvas`, which joins the room to listen without a board.
 */
import { isDomainError } from '@tabula/domain';
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
import { wantsDeltas } from '../../../realtime/presence.socket';
import { onlineUsersMessage } from '../../../infrastructure/readModels/presenceStore';
import type { PresenceStore } from '../../../infrastructure/readModels/presenceStore';
import { brief } from '../../../realtime/presenceFeed';
import type { SpentBudgetGate } from '../quotas/spentBudgetGate';
import { commitQueue } from './commitQueue';

export function registerDrawingHandlers(
  socket: AppSocket,
  session: LiveSession<SocketFrame>,
  context: Pick<AppContext, 'logError' | 'presence' | 'drawingBudget'>,
  live: LiveRooms<SocketFrame>,
  canvases: Pick<CanvasesService, 'readableHead' | 'members' | 'holdScene'>,
  /** Cuts this socket's updates, undecoded, while its drawing budget is known to be spent. */
  budgetGate: SpentBudgetGate,
  /** Hands accepted ink to the other nodes (absent on a single node). */
  toOtherNodes?: (message: InkMessage) => void,
): void {
  const { logError } = context;
  const on = (
    event: 'join-canvas' | 'watch-canvas' | 'close-canvas' | 'canvas-update' | 'ink' | 'pointer',
    handler: (payload: unknown) => Promise<unknown>,
  ) => socket.on(event, withAck(socket, handler, logError));

  /** Tells the canvas's room who has it open now, after a socket came or went. */
  const announce = (canvasId: string) =>
    announcePeople(socket, canvasId).catch((error) => logError(error, 'canvas people'));

  on('join-canvas', async (payload) => {
    const answer = await live.join(session, payload);
    await tellWhoIsOnline(socket, answer.canvasId, context.presence, canvases);
    // The Socket.IO room carries what crosses nodes: cursors and membership notices.
    await socket.join(rooms.canvas(answer.canvasId));
    void announce(answer.canvasId);
    live.answered(session, answer);
    return answer;
  });

  // Listening only (the history screen): the room's notices and history entries, no board.
  on('watch-canvas', async (payload) => {
    const { canvasId } = parseDto(WatchCanvasDto, payload);
    const revision = await canvases.readableHead(socket.data.userId, canvasId);
    await canvases.holdScene(canvasId);
    await socket.join(rooms.canvas(canvasId));
    void announce(canvasId);
    return { canvasId, revision };
  });

  on('close-canvas', async (payload) => {
    const answer = live.close(session, payload);
    const room = rooms.canvas(answer.canvasId);
    if (socket.rooms.has(room)) {
      await socket.leave(room);
      void announce(answer.canvasId);
    }
    return answer;
  });

  const commitInTurn = commitQueue();
  on('canvas-update', (payload) =>
    commitInTurn(async () => {
      const cut = budgetGate.refusalOf(socket.conn, payload);
      if (cut) throw cut;
      try {
        await context.drawingBudget.assertLeft(session.userId); // spent: refused before any work
        return await live.commit(session, payload);
      } catch (error) {
        // The budget is spent until then: the updates sent meanwhile are refused undecoded.
        if (isDomainError(error) && error.code === 'QUOTA_EXCEEDED' && error.retryAfterMs)
          budgetGate.spentUntil(socket.conn, error.retryAfterMs);
        throw error;
      }
    }),
  );

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

  // The rooms are still known while disconnecting; the people are counted once it is gone.
  let shown: string[] = [];
  socket.on('disconnecting', () => {
    shown = [...socket.rooms].filter((room) => room.startsWith('canvas:')).map((r) => r.slice(7));
  });
  socket.on('disconnect', () => {
    live.disconnect(session);
    for (const canvasId of shown) void announce(canvasId);
  });
}

/**
 * Whoever opens a canvas learns who is online now: the last presence message may have reached
 * the socket before its board was listening, and an idle partner would stay invisible. A spec
 * client gets the whole `get-online-users` map; a delta socket, which holds the list already,
 * only the canvas's members who are online, as an `online-users-changed` that adds nothing new.
 */
async function tellWhoIsOnline(
  socket: AppSocket,
  canvasId: string,
  presence: PresenceStore,
  canvases: Pick<CanvasesService, 'members'>,
): Promise<void> {
  if (!wantsDeltas(socket)) {
    socket.emit('get-online-users', await onlineUsersMessage(presence));
    return;
  }
  const members = new Set((await canvases.members(canvasId)).map((member) => member.userId));
  const online = await presence.onlineUsers();
  const joined = online.filter((user) => members.has(user.userId)).map(brief);
  socket.emit('online-users-changed', { joined, left: [] });
}

/**
 * `canvas-people`: the users whose sockets are in the canvas's room (a board or its history
 * open), on every node (the adapter answers for the others), to everyone in the room.
 */
async function announcePeople(socket: AppSocket, canvasId: string): Promise<void> {
  const room = rooms.canvas(canvasId);
  const sockets = await socket.nsp.in(room).fetchSockets();
  const userIds = [...new Set(sockets.map((member) => member.data.userId))];
  socket.nsp.to(room).emit('canvas-people', { canvasId, userIds });
}
