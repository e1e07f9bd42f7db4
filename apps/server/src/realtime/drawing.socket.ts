/**
 * Drawing on a canvas: `join-canvas` (scene or the changes since a revision), `canvas-update`
 * (a gesture's element deltas, acked with the revision once committed; a resent eventId acks
 * the same revision and stores nothing) and volatile `pointer` for live cursors.
 */
import { canvasStreamName } from '@tabula/domain';
import type { CanvasEvent } from '@tabula/domain';
import { CanvasUpdateDto, JoinCanvasDto, PointerDto, parseDto } from '@tabula/domain/dto';
import type { CanvasChange, JoinCanvasResult } from '@tabula/domain/protocol';
import type { AppContext } from '../appContext';
import type { CanvasesService } from '../features/canvases/canvases.service';
import { commandMetadata } from '../appContext';
import type { AppSocket } from './socketTypes';
import { rooms } from './socketTypes';
import { withAck } from './withAck';

/**
 * The drawing changes after `sinceRevision`, or null when a snapshot is needed instead: a
 * restore in between, or a `sinceRevision` beyond the stream's last revision.
 */
async function changesSince(context: AppContext, canvasId: string, sinceRevision: number) {
  const records = await context.eventStore.readStream(canvasStreamName(canvasId), {
    fromRevision: sinceRevision + 1,
  });
  if (records.length === 0) {
    // A client claiming a revision the log has not reached (stale, or from another data
    // directory) must not be told it is current: it gets a snapshot to resync from.
    const { revision: head } = await context.canvases.load(canvasStreamName(canvasId));
    if (sinceRevision > head) return null;
  }
  const changes: CanvasChange[] = [];
  let revision = sinceRevision;
  for (const record of records) {
    const event = record.event as unknown as CanvasEvent;
    revision = record.revision;
    if (event.type === 'CanvasRestored') return null;
    if (event.type === 'LineDrawn') {
      changes.push({
        revision: record.revision,
        actorId: event.metadata.actorId,
        elements: event.data.elements,
      });
    }
  }
  return { revision, changes };
}

export function registerDrawingHandlers(
  socket: AppSocket,
  context: AppContext,
  canvases: CanvasesService,
): void {
  const { logError } = context;

  socket.on(
    'join-canvas',
    withAck(
      socket,
      async (payload): Promise<JoinCanvasResult> => {
        const { canvasId, sinceRevision } = parseDto(JoinCanvasDto, payload);
        await canvases.readable(socket.data.userId, canvasId);
        // Join first, then read: whatever commits in between arrives twice, never zero times,
        // and reconciliation makes the duplicate harmless.
        await socket.join(rooms.canvas(canvasId));
        // Whoever opens the canvas learns who is in it now (not only when someone accepts).
        socket.emit('collaborator-joined', {
          canvasId,
          collaborators: await canvases.members(canvasId),
        });
        if (sinceRevision !== undefined) {
          const since = await changesSince(context, canvasId, sinceRevision);
          if (since) return { kind: 'changes', canvasId, ...since };
        }
        return { kind: 'snapshot', canvasId, ...(await canvases.snapshot(canvasId)) };
      },
      logError,
    ),
  );

  socket.on(
    'canvas-update',
    withAck(
      socket,
      async (payload) => {
        const { canvasId, eventId, elements } = parseDto(CanvasUpdateDto, payload);
        const result = await context.canvases.handle(canvasStreamName(canvasId), {
          type: 'DrawLine',
          data: { canvasId, elements },
          metadata: {
            ...commandMetadata(context, socket.data.userId, eventId),
            correlationId: socket.id,
          },
        });
        return { revision: result.revision };
      },
      logError,
    ),
  );

  socket.on(
    'pointer',
    withAck(
      socket,
      async (payload) => {
        const { canvasId, x, y, tool } = parseDto(PointerDto, payload);
        const room = rooms.canvas(canvasId);
        if (!socket.rooms.has(room)) return null;
        const { userId, username } = socket.data;
        socket.volatile.to(room).emit('pointer-moved', { canvasId, userId, username, x, y, tool });
        return null;
      },
      logError,
    ),
  );
}
