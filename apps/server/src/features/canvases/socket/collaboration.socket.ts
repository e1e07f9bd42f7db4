/**
 * Live canvases: invitations, joining, removing, leaving, the delete notice and the undo of a
 * clear (`undo-clear`, docs/clearing.md). Handlers
 * validate, authorise through the canvas aggregate and append; what the room hears comes from
 * the event subscription (fanOut.ts), never from here.
 */
import {
  CANVAS_NOT_FOUND,
  DomainError,
  NOT_ALLOWED,
  USER_NOT_ONLINE,
  canRead,
  isCollaborator,
} from '@tabula/domain';
import {
  AcceptInvitationDto,
  InviteUserDto,
  LeaveCanvasDto,
  RemoveUserDto,
  parseDto,
  parseId,
} from '@tabula/domain/dto';
import type { AppContext } from '../../../appContext';
import type { CanvasesService } from '../canvases.service';
import type { AppSocket } from '../../../realtime/socketTypes';
import { assertSelf, withAck } from '../../../realtime/withAck';

/** Tells the socket the live canvases its user owns (`get-admin-of-canvases`). */
export async function sendOwnedCanvases(
  socket: AppSocket,
  canvases: Pick<CanvasesService, 'ownedLive'>,
): Promise<void> {
  socket.emit('get-admin-of-canvases', await canvases.ownedLive(socket.data.userId));
}

export function registerCollaborationHandlers(
  socket: AppSocket,
  context: Pick<AppContext, 'presence' | 'logError'>,
  canvases: CanvasesService,
): void {
  const { logError } = context;
  const me = () => socket.data.userId;

  socket.on(
    'get-all-collaborator-canvases',
    withAck(
      socket,
      async () => {
        const list = await canvases.collaborating(me());
        socket.emit('all-collaborator-canvases', list);
        return list;
      },
      logError,
    ),
  );

  socket.on(
    'invite-user',
    withAck(
      socket,
      async (payload) => {
        const { toUserId, canvasId } = parseDto(InviteUserDto, payload);
        // `lines` is accepted for compatibility and ignored: the canvas content is in the log.
        if (!(await context.presence.isUserOnline(toUserId)) && toUserId !== me()) {
          throw new DomainError('CONFLICT', USER_NOT_ONLINE);
        }
        await canvases.execute(me(), { type: 'InviteUser', data: { canvasId, userId: toUserId } });
        return { canvasId, toUserId };
      },
      logError,
    ),
  );

  socket.on(
    'accept-invitation',
    withAck(
      socket,
      async (payload) => {
        const { canvasId } = parseDto(AcceptInvitationDto, payload);
        await canvases.execute(me(), { type: 'AcceptInvitation', data: { canvasId } });
        return { canvasId };
      },
      logError,
    ),
  );

  socket.on(
    'remove-user',
    withAck(
      socket,
      async (payload) => {
        const { adminUserId, canvasId, toUserId } = parseDto(RemoveUserDto, payload);
        assertSelf(socket, adminUserId);
        await canvases.execute(me(), {
          type: 'RemoveCollaborator',
          data: { canvasId, userId: toUserId },
        });
        return { canvasId, userId: toUserId };
      },
      logError,
    ),
  );

  socket.on(
    'can-leave-canvas',
    withAck(
      socket,
      async (payload) => {
        // A canvas the user may not read is, to them, not there.
        const state = await canvases.readable(me(), parseId(payload));
        const answer = { success: isCollaborator(state, me()) };
        socket.emit('if-leave-canvas', answer);
        return answer;
      },
      logError,
    ),
  );

  socket.on(
    'leave-canvas',
    withAck(
      socket,
      async (payload) => {
        const { canvasId } = parseDto(LeaveCanvasDto, payload);
        await canvases.execute(me(), { type: 'LeaveCanvas', data: { canvasId } });
        return { canvasId };
      },
      logError,
    ),
  );

  // The owner's client sends this after a REST delete of a live canvas. The room is told by
  // the CanvasDeleted event itself (so the notice goes out even if this never arrives); here
  // we only check that the caller owned the canvas and that it is gone.
  socket.on(
    'delete-canvas',
    withAck(
      socket,
      async (payload) => {
        const canvasId = parseId(payload);
        const state = await canvases.state(canvasId);
        if (state.status === 'deleted' && state.ownerId === me()) return { canvasId };
        // Not deleted yet: 403 to whoever can see it; to anyone else, as if it did not exist.
        if (state.status === 'active' && canRead(state, me()))
          throw new DomainError('FORBIDDEN', NOT_ALLOWED);
        throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
      },
      logError,
    ),
  );

  // "Undo" on the canvas-cleared notice: anyone on the canvas brings back what a clear deleted.
  socket.on(
    'undo-clear',
    withAck(
      socket,
      async (payload) => {
        const { canvasId, revision } = parseUndoClear(payload);
        return canvases.undoClear(me(), canvasId, revision);
      },
      logError,
    ),
  );
}

/** `{ canvasId, revision }` (a whole number), nothing else; else INVALID naming the field. */
function parseUndoClear(payload: unknown): { canvasId: string; revision: number } {
  const body = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<
    string,
    unknown
  >;
  const extra = Object.keys(body).find((field) => field !== 'canvasId' && field !== 'revision');
  if (extra !== undefined) throw new DomainError('INVALID', `${extra} is not allowed.`);
  const { revision } = body;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0)
    throw new DomainError('INVALID', 'revision must be a whole number.');
  return { canvasId: parseId(body.canvasId, 'canvasId'), revision };
}
