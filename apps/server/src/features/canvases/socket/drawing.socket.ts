/**
 * Drawing on a canvas over Socket.IO: a thin adapter from socket messages to the live rooms
 * (`join-canvas`, `close-canvas`, `canvas-update` (one at a time per socket: `commitQueue.ts`),
 * `ink`) and volatile `pointer` for live cursors (coalesced per frame: `pointerFrames.ts`),
 * which crosses nodes through the Socket.IO adapter's canvas rooms. Who has the canvas open is
 * presence's (`features/presence/canvasPresence.ts`); listening to a canvas's history without
 * its board, `watch-canvas`, is the history's (`history/history.socket.ts`).
 */
import { canvasStreamName, isDomainError } from '@tabula/domain';
import { CloseCanvasDto, parseDto, parsePointer } from '@tabula/domain/dto';
import type { InkMessage } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import type { CanvasPresence } from '../../presence/canvasPresence';
import type { LiveSession } from '../../../realtime/liveSession';
import type { SocketFrame } from '../../../realtime/socketSession';
import type { AppSocket } from '../../../realtime/socketTypes';
import { rooms } from '../../../realtime/socketTypes';
import { withAck } from '../../../realtime/withAck';
import type { CanvasesService } from '../canvases.service';
import type { LiveRooms } from '../live/liveRooms';
import type { SpentBudgetGate } from '../quotas/spentBudgetGate';
import { commitQueue } from './commitQueue';
import { joinPointerRoom, PointerFrames } from './pointerFrames';

/** What the drawing handlers use. */
export interface DrawingDeps {
  context: Pick<AppContext, 'logError' | 'drawingBudget' | 'canvases'>;
  live: LiveRooms<SocketFrame>;
  canvases: Pick<CanvasesService, 'readableHead'>;
  /** Who has the canvases this socket opens (it tells them as the socket opens and closes). */
  presence: CanvasPresence;
  /** Cuts this socket's updates, undecoded, while its drawing budget is known to be spent. */
  budgetGate: SpentBudgetGate;
  /** Hands accepted ink to the other nodes (absent on a single node). */
  toOtherNodes?: (message: InkMessage) => void;
}

export function registerDrawingHandlers(
  socket: AppSocket,
  session: LiveSession<SocketFrame>,
  { context, live, canvases, presence, budgetGate, toOtherNodes }: DrawingDeps,
): void {
  const { logError } = context;
  const on = (
    event: 'join-canvas' | 'close-canvas' | 'canvas-update' | 'ink' | 'pointer',
    handler: (payload: unknown) => Promise<unknown>,
  ) => socket.on(event, withAck(socket, handler, logError));

  const pointers = PointerFrames.of(socket.nsp);
  void joinPointerRoom(socket);

  /** Answers NOT_FOUND unless the user may read the canvas (missing, deleted or not theirs). */
  const assertMember = async (canvasId: string) => {
    if (!presence.hasOpened(canvasId)) await canvases.readableHead(socket.data.userId, canvasId);
  };

  on('join-canvas', async (payload) => {
    const answer = await live.join(session, payload);
    // The Socket.IO room carries what crosses nodes: cursors and membership notices.
    await socket.join(rooms.canvas(answer.canvasId));
    await presence.opened(answer.canvasId);
    live.answered(session, answer);
    return answer;
  });

  // Closing a canvas the socket opened always works (even once it is deleted or the user
  // removed); any other canvas must be one the user may read.
  on('close-canvas', async (payload) => {
    const { canvasId } = parseDto(CloseCanvasDto, payload);
    await assertMember(canvasId);
    const answer = live.close(session, payload);
    const room = rooms.canvas(canvasId);
    if (socket.rooms.has(room)) {
      await socket.leave(room);
      presence.closed(canvasId);
    }
    return answer;
  });

  const commitInTurn = commitQueue();
  on('canvas-update', (payload) =>
    commitInTurn(async () => {
      // A change already stored is acked with its revision, whatever the budget.
      const ids = budgetGate.commitIds(payload);
      const resent =
        ids &&
        context.canvases.storedRevision(
          canvasStreamName(ids.canvasId),
          ids.eventId,
          session.userId,
        );
      if (resent !== undefined) return { revision: resent };
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
    const { canvasId, x, y, tool } = parsePointer(payload);
    if (!socket.rooms.has(rooms.canvas(canvasId))) {
      await assertMember(canvasId); // a member's pointer on a canvas it does not show: dropped
      return null;
    }
    const { userId, username } = socket.data;
    pointers.moved(socket.id, { canvasId, userId, username, x, y, tool });
    return null;
  });

  socket.on('disconnect', () => live.disconnect(session));
}
