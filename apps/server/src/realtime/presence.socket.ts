/**
 * Who is online: `check-if-logged-in`, `online`, `log-out`, and the disconnect that follows.
 * Presence is ephemeral (never in the log); a socket counts as online from its connection.
 */
import {
  DomainError,
  NOT_ALLOWED,
  USER_LOGGED_IN_ALREADY,
  YOU_CAN_LOGIN_SAFELY,
} from '@tabula/domain';
import { OnlineDto, parseDto, parseId } from '@tabula/domain/dto';
import { onlineUsersMessage } from '../infrastructure/readModels/presenceStore';
import type { AppContext } from '../appContext';
import type { AuthService } from '../features/auth/auth.service';
import type { CanvasesService } from '../features/canvases/canvases.service';
import type { AppServer, AppSocket } from './socketTypes';
import { withAck } from './withAck';

/** A payload's user id must be the socket's own: identity comes from the token only. */
export function assertSelf(socket: AppSocket, userId: string): void {
  if (userId !== socket.data.userId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
}

/** Presence changes within this window share one `get-online-users` broadcast. */
export const ONLINE_BROADCAST_COALESCE_MS = 50;
const pendingBroadcasts = new WeakMap<AppServer, Promise<void>>();

/**
 * Sends everyone the online users. The list goes to every socket, so a hundred people
 * connecting at once would cost a hundred broadcasts of a hundred entries each; changes that
 * arrive within 50 ms share one broadcast instead.
 */
export function broadcastOnlineUsers(io: AppServer, context: AppContext): Promise<void> {
  const pending = pendingBroadcasts.get(io);
  if (pending) return pending;
  const broadcast = new Promise((resolve) =>
    setTimeout(resolve, ONLINE_BROADCAST_COALESCE_MS),
  ).then(async () => {
    // Forget it before reading: a change from now on schedules the next broadcast.
    pendingBroadcasts.delete(io);
    io.emit('get-online-users', await onlineUsersMessage(context.presence));
  });
  pendingBroadcasts.set(io, broadcast);
  return broadcast;
}

export async function markOnline(
  io: AppServer,
  socket: AppSocket,
  context: AppContext,
): Promise<void> {
  const { userId, sessionId, username, profilePhoto } = socket.data;
  await context.presence.setOnline(userId, sessionId, socket.id, { username, profilePhoto });
  await broadcastOnlineUsers(io, context);
}

/**
 * Drops a socket from presence; when that takes its user offline, everyone hears
 * `disconnected-user` and the new online list. A second call for the same socket does nothing.
 */
export async function markOffline(
  io: AppServer,
  socketId: string,
  context: AppContext,
): Promise<void> {
  const change = await context.presence.setOffline(socketId);
  if (change?.userWentOffline) {
    io.emit('disconnected-user', change.userId);
    await broadcastOnlineUsers(io, context);
  }
}

export function registerPresenceHandlers(
  io: AppServer,
  socket: AppSocket,
  context: AppContext,
  auth: AuthService,
  canvases: CanvasesService,
): void {
  const { logError } = context;

  socket.on(
    'check-if-logged-in',
    withAck(
      socket,
      async (payload) => {
        assertSelf(socket, parseId(payload));
        const success = await context.presence.otherSessionOnline(
          socket.data.userId,
          socket.data.sessionId,
        );
        const answer = {
          success,
          message: success ? USER_LOGGED_IN_ALREADY : YOU_CAN_LOGIN_SAFELY,
        };
        socket.emit('if-logged-in', answer);
        return answer;
      },
      logError,
    ),
  );

  socket.on(
    'online',
    withAck(
      socket,
      async (payload) => {
        assertSelf(socket, parseDto(OnlineDto, payload).userId);
        await markOnline(io, socket, context);
        // No canvas rooms here: a socket is in a canvas's room only while it shows the canvas
        // (join-canvas … close-canvas or disconnect).
        const owned = await canvases.ownedLive(socket.data.userId);
        socket.emit('get-admin-of-canvases', owned);
        return null;
      },
      logError,
    ),
  );

  socket.on(
    'log-out',
    withAck(
      socket,
      async (payload) => {
        assertSelf(socket, parseId(payload));
        // The UserLoggedOut event disconnects every socket of this session (see fanOut).
        await auth.logOut({ userId: socket.data.userId, sessionId: socket.data.sessionId });
        return null;
      },
      logError,
    ),
  );

  socket.on('disconnect', () => {
    markOffline(io, socket.id, context).catch((error) => logError(error, 'disconnect'));
  });
}
