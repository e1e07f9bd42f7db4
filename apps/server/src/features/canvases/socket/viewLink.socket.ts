/**
 * View links over Socket.IO: the namespace `VIEW_NAMESPACE`, apart from the app's, so that
 * nothing the app broadcasts (presence, invitations, cursors with names) reaches a viewer.
 * The handshake's `auth.viewToken` must open a link (else `connect_error` with code
 * NOT_FOUND); the socket may then `join-canvas` that canvas, read-only, and `close-canvas`.
 * Revoking the link or deleting the canvas disconnects its viewers at once, on every node.
 */
import type { Subscription } from 'rxjs';
import { CANVAS_NOT_FOUND, DomainError, SHARE_LINK_NOT_FOUND } from '@tabula/domain';
import type { CanvasEvent, Event } from '@tabula/domain';
import { JoinCanvasDto, parseDto } from '@tabula/domain/dto';
import { VIEW_NAMESPACE } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import type { SocketFrame } from '../../../realtime/socketSession';
import { socketSession } from '../../../realtime/socketSession';
import type { AppServer, AppSocket } from '../../../realtime/socketTypes';
import { guardMessages } from '../../../realtime/messageGuard';
import { withAck } from '../../../realtime/withAck';
import type { LiveRooms } from '../live/liveRooms';
import type { OpenedViewLink, ShareLinks } from '../shareLinks/shareLinks.service';

const viewRooms = {
  link: (linkId: string) => `link:${linkId}`,
  canvas: (canvasId: string) => `canvas:${canvasId}`,
};

const VIEWER_EVENTS: ReadonlySet<string> = new Set(['join-canvas', 'close-canvas']);

export interface ViewLinkDeps {
  live: LiveRooms<SocketFrame>;
  links: Pick<ShareLinks, 'open'>;
  context: Pick<AppContext, 'projections' | 'rateLimits' | 'logError'>;
}

/** Serves view links on `io`; the subscription ends with the gateway. */
export function serveViewLinks(
  io: AppServer,
  { live, links, context }: ViewLinkDeps,
): Subscription {
  const viewers = io.of(VIEW_NAMESPACE);
  viewers.use((socket, next) => {
    const { viewToken } = (socket.handshake.auth ?? {}) as { viewToken?: unknown };
    links
      .open(viewToken)
      .then((link) => {
        (socket.data as unknown as { link: OpenedViewLink }).link = link;
        next();
      })
      .catch(() => {
        const error = new Error(SHARE_LINK_NOT_FOUND) as Error & { data?: unknown };
        error.data = { code: 'NOT_FOUND' };
        next(error);
      });
  });

  viewers.on('connection', (socket: AppSocket) => {
    const { link } = socket.data as unknown as { link: OpenedViewLink };
    void socket.join([viewRooms.link(link.linkId), viewRooms.canvas(link.canvasId)]);
    const session = { ...socketSession(socket, VIEW_NAMESPACE), userId: '' };
    guardMessages(socket, {
      events: VIEWER_EVENTS,
      refusal: () => 'View only.',
      messagesPerSecond: context.rateLimits.socketMessagesPerSecond,
    });
    socket.on(
      'join-canvas',
      withAck(
        socket,
        async (payload) => {
          const join = parseDto(JoinCanvasDto, payload);
          if (join.canvasId !== link.canvasId) throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
          return live.view(session, join);
        },
        context.logError,
      ),
    );
    socket.on(
      'close-canvas',
      withAck(socket, async (payload) => live.close(session, payload), context.logError),
    );
    socket.on('disconnect', () => live.disconnect(session));
  });

  return context.projections.processed$.subscribe((record) => {
    const event = record.event as Event as CanvasEvent;
    if (event.type === 'ShareLinkRevoked')
      viewers.local.in(viewRooms.link(event.data.linkId)).disconnectSockets(true);
    if (event.type === 'CanvasDeleted')
      viewers.local.in(viewRooms.canvas(event.data.canvasId)).disconnectSockets(true);
  });
}
