/**
 * The Socket.IO gateway on the app's HTTP server: token check in the connection middleware,
 * message guards (size, rate, known event names) before any handler, the feature handlers,
 * the live canvas rooms (drawing, ink) and the fan-out of other committed events.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { concatMap, from } from 'rxjs';
import type { Subscription } from 'rxjs';
import { CLIENT_EVENT_NAMES } from '@tabula/domain/protocol';
import type { InkMessage } from '@tabula/domain/protocol';
import type { AppContext } from '../appContext';
import type { AuthService } from '../features/auth/auth.service';
import type { CanvasesService } from '../features/canvases/canvases.service';
import { registerCollaborationHandlers } from '../features/canvases/socket/collaboration.socket';
import { LiveRooms } from '../features/canvases/live/liveRooms';
import type { LiveRoomsOptions } from '../features/canvases/live/liveRooms';
import type { LiveSession } from '../features/canvases/live/liveSession';
import { registerDrawingHandlers } from '../features/canvases/socket/drawing.socket';
import { serveViewLinks } from '../features/canvases/socket/viewLink.socket';
import type { ShareLinks } from '../features/canvases/shareLinks/shareLinks.service';
import {
  DEFAULT_INBOUND_THROTTLE,
  throttleInbound,
} from '../features/canvases/quotas/inboundThrottle';
import { SpentBudgetGate } from '../features/canvases/quotas/spentBudgetGate';
import { FanOut } from './fanOut';
import { HistoryFeed } from '../features/canvases/history/historyFeed';
import type { HistoryQueries } from '../features/canvases/history/historyQueries';
import { markOnline, refreshPresence, registerPresenceHandlers } from './presence.socket';
import { socketFrameEncoder, socketSession } from './socketSession';
import { DeflateNegotiatingServer } from './webSocketFrames';
import type { SocketFrame } from './socketSession';
import type { AppServer } from './socketTypes';
import { rooms } from './socketTypes';
import { guardMessages } from './messageGuard';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENT_NAMES);

export interface Gateway {
  io: AppServer;
  /** The live canvases of this node (what each socket shows, commits and ink). */
  live: LiveRooms<SocketFrame>;
  close(): Promise<void>;
}

/**
 * How often the server checks that a socket is still there (Socket.IO's ping: a socket that
 * does not answer within `pingTimeoutMs` after a ping is disconnected, so presence drops it)
 * and how often this node renews its presence entries (they expire after the presence store's
 * TTL unless renewed: a dead node's sockets drop out). Defaults suit production; tests
 * shorten them to see long absences in seconds.
 */
export interface HeartbeatConfig {
  pingIntervalMs: number;
  pingTimeoutMs: number;
  presenceRefreshMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatConfig = {
  pingIntervalMs: 25_000,
  pingTimeoutMs: 20_000,
  presenceRefreshMs: 10_000,
};

/** How the gateway's transport behaves: heartbeats, and whether it compresses messages. */
export interface TransportConfig {
  heartbeat?: Partial<HeartbeatConfig>;
  /** permessage-deflate of large messages (`webSocketFrames.ts`; default on, `SOCKET_COMPRESSION`). */
  compression?: boolean;
}

export function createGateway(
  httpServer: HttpServer,
  context: AppContext,
  auth: AuthService,
  canvases: CanvasesService,
  allowedOrigins: readonly string[],
  adapter?: (nsp: unknown) => unknown,
  liveRoomsOptions?: LiveRoomsOptions,
  history?: { queries: HistoryQueries },
  /** View links (absent: none are served). */
  viewLinks?: Pick<ShareLinks, 'open'>,
  transport: TransportConfig = {},
): Gateway {
  const timing = { ...DEFAULT_HEARTBEAT, ...transport.heartbeat };
  const io: AppServer = new Server(httpServer, {
    pingInterval: timing.pingIntervalMs,
    pingTimeout: timing.pingTimeoutMs,
    // Negotiated only: large messages come compressed from webSocketFrames.ts.
    ...((transport.compression ?? true) ? { wsEngine: DeflateNegotiatingServer } : {}),
    // The transport accepts up to 1 MB so that a message over our 256 KB limit gets a clear
    // error ack instead of a dropped connection; beyond 1 MB the transport closes it.
    maxHttpBufferSize: 1024 * 1024,
    cors: allowedOrigins.length ? { origin: [...allowedOrigins], credentials: false } : undefined,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const sameOrigin = !origin || origin === `http://${host}` || origin === `https://${host}`;
      callback(null, sameOrigin || allowedOrigins.includes(origin));
    },
  });

  // One socket's flood is held back by TCP, before any decoding.
  const { socketBytesPerSecond, socketBurstBytes } = context.rateLimits;
  throttleInbound(io.engine, {
    bytesPerSecond: socketBytesPerSecond ?? DEFAULT_INBOUND_THROTTLE.bytesPerSecond,
    burstBytes: socketBurstBytes ?? DEFAULT_INBOUND_THROTTLE.burstBytes,
  });
  // Nor does a socket whose drawing budget is spent cost the decoding of its updates.
  const budgetGate = new SpentBudgetGate(() => context.clock.now().getTime());
  budgetGate.watch(io.engine);
  // Cluster-wide messages (presence, cursors) cross nodes through the adapter; event fan-out
  // does not need it: every node tails the log and emits to its own sockets (`io.local`).
  if (adapter) io.adapter(adapter as never);
  // Ink is relayed by each node to its own sessions; other nodes hear it through the adapter.
  const toOtherNodes = adapter
    ? (message: InkMessage) => io.serverSideEmit('live-ink', message)
    : undefined;

  io.use((socket, next) => {
    void (async () => {
      const identity = await auth.authenticate(
        (socket.handshake.auth as { token?: unknown })?.token,
      );
      const user = await auth.user(identity.userId);
      socket.data = { ...identity, username: user.username, profilePhoto: user.profilePhoto };
      next();
    })().catch(() => {
      const error = new Error('Please authenticate using a valid token') as Error & {
        data?: unknown;
      };
      error.data = { code: 'NOT_AUTHENTICATED' };
      next(error);
    });
  });

  const encoder = socketFrameEncoder();
  const live = new LiveRooms(context, canvases, encoder, liveRoomsOptions);
  /** Each socket of `/` as a session: the room frames and history entries written to it. */
  const sessions = new Map<string, LiveSession<SocketFrame>>();
  io.on('live-ink', (message) => live.relay(message));

  io.on('connection', (socket) => {
    guardMessages(socket, {
      events: KNOWN_EVENTS,
      refusal: (event) => `Unknown event '${event.slice(0, 64)}'.`,
      messagesPerSecond: context.rateLimits.socketMessagesPerSecond,
      onRateLimited: () => context.metrics.refused('socket'),
    });
    void socket.join([rooms.user(socket.data.userId), rooms.session(socket.data.sessionId)]);
    registerPresenceHandlers(io, socket, context, auth, canvases);
    registerCollaborationHandlers(socket, context, canvases);
    const session = socketSession(socket);
    sessions.set(socket.id, session);
    socket.on('disconnect', () => sessions.delete(socket.id));
    registerDrawingHandlers(socket, session, context, live, canvases, budgetGate, toOtherNodes);
    markOnline(io, socket, context).catch((error) => context.logError(error, 'presence'));
  });

  const viewers$ = viewLinks ? serveViewLinks(io, { live, links: viewLinks, context }) : undefined;

  // The live rooms first and synchronously: a removed collaborator's sockets leave the room
  // before anyone (the remover's ack included) hears of the removal.
  const rooms$ = context.projections.processed$.subscribe((record) => live.publish(record));
  const fanOut = new FanOut(io, context, canvases);
  const subscription: Subscription = context.projections.processed$
    .pipe(
      concatMap((record) =>
        from(fanOut.publish(record).catch((error) => context.logError(error, 'fan-out'))),
      ),
    )
    .subscribe();
  // History entries to the open canvases of this node, whose scenes the node keeps.
  const watched = (canvasId: string) =>
    (io.of('/').adapter.rooms.get(rooms.canvas(canvasId))?.size ?? 0) > 0;
  context.scenes.keepOpen(watched);
  const feed = history
    ? new HistoryFeed({
        ...history,
        foldedOf: (record) => context.scenes.foldedOf(record),
        watched,
        // Encoded once, and written with the room's other frames of this turn (one write).
        emit: (canvasId, entry) => {
          const frame = encoder.encode('history-appended', { canvasId, entry });
          for (const socketId of io.of('/').adapter.rooms.get(rooms.canvas(canvasId)) ?? [])
            sessions.get(socketId)?.write(frame);
        },
      })
    : undefined;
  const feed$ = context.projections.processed$
    .pipe(
      concatMap((record) =>
        from(feed?.publish(record).catch((error) => context.logError(error, 'history feed')) ?? []),
      ),
    )
    .subscribe();

  // Presence entries expire unless renewed (Redis); a node that dies drops out by itself.
  const heartbeat = setInterval(() => {
    refreshPresence(io, context).catch((error) => context.logError(error, 'presence refresh'));
  }, timing.presenceRefreshMs);
  heartbeat.unref();

  return {
    io,
    live,
    async close() {
      clearInterval(heartbeat);
      subscription.unsubscribe();
      feed$.unsubscribe();
      rooms$.unsubscribe();
      viewers$?.unsubscribe();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
