/**
 * A canvas's history, live: `watch-canvas` (the history screen) puts the socket in the
 * canvas's room, to hear its membership notices and `canvas-deleted` without a board, and
 * among the history's watchers, who alone get each new entry as `history-appended`
 * (`historyFeed.ts`); `close-canvas` or a disconnect ends the watch. A board (`join-canvas`)
 * gets no history entries.
 */
import { WatchCanvasDto, parseDto } from '@tabula/domain/dto';
import type { HistoryEntry } from '@tabula/domain/protocol';
import type { CanvasPresence } from '../../presence/canvasPresence';
import type { FrameEncoder, LiveSession } from '../../../realtime/liveSession';
import type { AppServer, AppSocket } from '../../../realtime/socketTypes';
import { rooms } from '../../../realtime/socketTypes';
import { withAck } from '../../../realtime/withAck';
import type { CanvasesService } from '../canvases.service';

export function registerHistoryWatch(
  socket: AppSocket,
  canvases: Pick<CanvasesService, 'readableHead' | 'holdScene'>,
  presence: CanvasPresence,
  logError: (error: unknown, context: string) => void,
): void {
  socket.on(
    'watch-canvas',
    withAck(
      socket,
      async (payload) => {
        const { canvasId } = parseDto(WatchCanvasDto, payload);
        const revision = await canvases.readableHead(socket.data.userId, canvasId);
        await canvases.holdScene(canvasId);
        await socket.join([rooms.canvas(canvasId), rooms.history(canvasId)]);
        await presence.opened(canvasId);
        return { canvasId, revision };
      },
      logError,
    ),
  );
  // The board's handler answers `close-canvas` (drawing.socket.ts); the watch just ends here.
  socket.on('close-canvas', (payload) => {
    const canvasId = (payload as { canvasId?: unknown } | null)?.canvasId;
    if (typeof canvasId === 'string') void socket.leave(rooms.history(canvasId));
  });
}

/** Whether a socket of this node watches the canvas's history. */
export function historyWatched(io: AppServer, canvasId: string): boolean {
  return (io.of('/').adapter.rooms.get(rooms.history(canvasId))?.size ?? 0) > 0;
}

/**
 * Writes a history entry to the canvas's watchers on this node: encoded once, and written with
 * the other frames of their session in this turn (one write each).
 */
export function historyEmitter<Frame>(
  io: AppServer,
  encoder: FrameEncoder<Frame>,
  sessionOf: (socketId: string) => LiveSession<Frame> | undefined,
): (canvasId: string, entry: HistoryEntry) => void {
  return (canvasId, entry) => {
    const watchers = io.of('/').adapter.rooms.get(rooms.history(canvasId));
    if (!watchers) return;
    const frame = encoder.encode('history-appended', { canvasId, entry });
    for (const socketId of watchers) sessionOf(socketId)?.write(frame);
  };
}
