/**
 * Who is online: `check-if-logged-in`, `online`, `list-online-users`, and the disconnect that
 * follows. Presence is ephemeral (never in the log); a socket counts as online from its
 * connection. How changes reach the sockets: presenceFeed.ts; who has a canvas open:
 * canvasPresence.ts.
 */
import { USER_LOGGED_IN_ALREADY, YOU_CAN_LOGIN_SAFELY } from '@tabula/domain';
import { ListOnlineUsersDto, OnlineDto, parseDto, parseId } from '@tabula/domain/dto';
import { DEFAULT_ONLINE_USERS_PAGE, PRESENCE_DELTAS } from '@tabula/domain/protocol';
import type { OnlineUsersPage } from '@tabula/domain/protocol';
import { avatarUrl } from '../auth/avatar';
import type { AppServer, AppSocket } from '../../realtime/socketTypes';
import { assertSelf, withAck } from '../../realtime/withAck';
import { PRESENCE_ROOMS, PresenceFeed, brief } from './presenceFeed';
import type { PresenceStore } from './presenceStore';

/** What presence uses of the app. */
export interface PresenceDeps {
  presence: PresenceStore;
  logError: (error: unknown, context: string) => void;
}

/** Presence changes within this window share one message per socket (see PresenceFeed). */
export const ONLINE_BROADCAST_COALESCE_MS = 50;
const feeds = new WeakMap<AppServer, PresenceFeed>();

/** The presence feed of `io` (one per server). */
export function presenceFeed(io: AppServer, context: PresenceDeps) {
  let feed = feeds.get(io);
  if (!feed) {
    feed = new PresenceFeed(io, context.presence, context.logError, {
      windowMs: ONLINE_BROADCAST_COALESCE_MS,
    });
    feeds.set(io, feed);
  }
  return feed;
}

/** Whether the socket asked for the initial list and deltas in its handshake. */
export function wantsDeltas(socket: AppSocket): boolean {
  return (
    (socket.handshake.auth as { presence?: unknown } | undefined)?.presence === PRESENCE_DELTAS
  );
}

/**
 * A socket connected: it counts as online; a socket that asked for deltas gets the initial
 * list (`online-users`) at once, everyone else hears of the change in the next window.
 */
export async function markOnline(
  io: AppServer,
  socket: AppSocket,
  context: PresenceDeps,
  /** Send a delta socket its initial list (on connection; not again on `online`). */
  initialList = true,
): Promise<void> {
  const { userId, sessionId, username, profilePhoto } = socket.data;
  const deltas = wantsDeltas(socket);
  // In the room before the list is read: a change after the read comes as a delta.
  await socket.join(deltas ? PRESENCE_ROOMS.deltas : PRESENCE_ROOMS.full);
  await context.presence.setOnline(userId, sessionId, socket.id, {
    username,
    profilePhoto: avatarUrl(userId, profilePhoto), // by URL: every list carries it
  });
  if (deltas && initialList) {
    const users = (await context.presence.onlineUsers()).map(brief);
    socket.emit('online-users', { users });
  }
  await presenceFeed(io, context).changed(userId);
}

/**
 * Drops a socket from presence; when that takes its user offline, the spec's clients hear
 * `disconnected-user` at once and everyone the change in the next window. A second call for
 * the same socket does nothing.
 */
export async function markOffline(
  io: AppServer,
  socketId: string,
  context: PresenceDeps,
): Promise<void> {
  const change = await context.presence.setOffline(socketId);
  if (change?.userWentOffline) {
    io.to(PRESENCE_ROOMS.full).emit('disconnected-user', change.userId);
    await presenceFeed(io, context).changed(change.userId);
  }
}

/**
 * The heartbeat: renews this node's entries and forgets expired ones (a dead node's sockets);
 * users left with no live socket go offline for everyone, as after a disconnect.
 */
export async function refreshPresence(io: AppServer, context: PresenceDeps): Promise<void> {
  const gone = await context.presence.refresh();
  const feed = presenceFeed(io, context);
  for (const userId of gone) {
    if (await context.presence.isUserOnline(userId)) continue;
    io.to(PRESENCE_ROOMS.full).emit('disconnected-user', userId);
    void feed.changed(userId);
  }
}

/** One page of the online users, with photos, by user id (the All Online Users popup). */
export async function onlineUsersPage(
  presence: PresenceStore,
  payload: unknown,
): Promise<OnlineUsersPage> {
  const { after, limit = DEFAULT_ONLINE_USERS_PAGE } = parseDto(ListOnlineUsersDto, payload ?? {});
  const online = await presence.onlineUsers();
  const from = after === undefined ? 0 : online.findIndex((user) => user.userId > after);
  const users = from < 0 ? [] : online.slice(from, from + limit);
  const page: OnlineUsersPage = { users, total: online.length };
  const last = users[users.length - 1];
  if (last && from + limit < online.length) page.next = last.userId;
  return page;
}

export function registerPresenceHandlers(
  io: AppServer,
  socket: AppSocket,
  context: PresenceDeps,
  /** What else a socket that says it is `online` is told, before its ack (its own canvases). */
  greet: (socket: AppSocket) => Promise<void>,
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
        await markOnline(io, socket, context, false);
        await greet(socket);
        return null;
      },
      logError,
    ),
  );

  socket.on(
    'list-online-users',
    withAck(socket, (payload) => onlineUsersPage(context.presence, payload), logError),
  );

  socket.on('disconnect', () => {
    markOffline(io, socket.id, context).catch((error) => logError(error, 'disconnect'));
  });
}
