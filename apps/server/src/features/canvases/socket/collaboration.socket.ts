/**
 * Live canvases: invitations, joining, removing, leaving and the delete notice. Handlers
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
import { assertSelf } from '../../../realtime/presence.socket';
import type { AppSocket } from '../../../realtime/socketTypes';
import { withAck } from '../../../realtime/withAck';

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
        const canvasId = parseId(payload);
        const answer = { success: isCollaborator(await canvases.state(canvasId), me()) };
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
}
