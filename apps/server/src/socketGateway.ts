/**
 * The Socket.IO gateway on the app's HTTP server, where the features meet the transport: the
 * token check in the connection middleware, message guards (size, rate, known event names)
 * before any handler, each feature's handlers on each socket (presence, auth, collaboration,
 * drawing, the history watch), the live canvas rooms (drawing, ink), the fan-out of other
 * committed events (fanOut.ts) and the live history feed. Features never import it.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { concatMap, from } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import type { Event } from '@tabula/domain';
import { CLIENT_EVENT_NAMES } from '@tabula/domain/protocol';
import type { InkMessage } from '@tabula/domain/protocol';
import type { AppContext } from './appContext';
import { FanOut } from './fanOut';
import type { AuthService } from './features/auth/auth.service';
import { registerAuthHandlers } from './features/auth/auth.socket';
import type { CanvasesService } from './features/canvases/canvases.service';
import { HistoryFeed } from './features/canvases/history/historyFeed';
import type { HistoryQueries } from './features/canvases/history/historyQueries';
import {
  historyEmitter,
  historyWatched,
  registerHistoryWatch,
} from './features/canvases/history/history.socket';
import { LiveRooms } from './features/canvases/live/liveRooms';
import type { LiveRoomsOptions } from './features/canvases/live/liveRooms';
import {
  DEFAULT_INBOUND_THROTTLE,
  throttleInbound,
} from './features/canvases/quotas/inboundThrottle';
import { SpentBudgetGate } from './features/canvases/quotas/spentBudgetGate';
import type { ShareLinks } from './features/canvases/shareLinks/shareLinks.service';
import {
  registerCollaborationHandlers,
  sendOwnedCanvases,
} from './features/canvases/socket/collaboration.socket';
import { registerDrawingHandlers } from './features/canvases/socket/drawing.socket';
import { serveViewLinks } from './features/canvases/socket/viewLink.socket';
import { canvasPresence } from './features/presence/canvasPresence';
import {
  markOffline,
  markOnline,
  refreshPresence,
  registerPresenceHandlers,
} from './features/presence/presence.socket';
import type { RecordedEvent } from './infrastructure/eventStore/eventStore';
import type { LiveSession } from './realtime/liveSession';
import { guardMessages } from './realtime/messageGuard';
import { socketFrameEncoder, socketSession } from './realtime/socketSession';
import type { SocketFrame } from './realtime/socketSession';
import type { AppServer } from './realtime/socketTypes';
import { rooms } from './realtime/socketTypes';
import { DeflateNegotiatingServer } from './realtime/webSocketFrames';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENT_NAMES);

export interface Gateway {
  io: AppServer;
  /** The live canvases of this node (what each socket shows, commits and ink). */
  live: LiveRooms<SocketFrame>;
  /** Takes a socket of this node offline (presence), as its disconnect would. */
  takeOffline(socketId: string): Promise<void>;
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

/** What the gateway is built from: the app's context and services, and the transport's settings. */
export interface GatewayParts {
  context: AppContext;
  auth: AuthService;
  canvases: CanvasesService;
  allowedOrigins: readonly string[];
  /** A Socket.IO adapter factory joining several nodes (absent: one node). */
  adapter?: (nsp: unknown) => unknown;
  liveRooms?: LiveRoomsOptions;
  /** The history's queries (absent: no live `history-appended`). */
  history?: { queries: HistoryQueries };
  /** View links (absent: none are served). */
  viewLinks?: Pick<ShareLinks, 'open'>;
  transport?: TransportConfig;
}

export function createGateway(httpServer: HttpServer, parts: GatewayParts): Gateway {
  const { context, auth, canvases, allowedOrigins, adapter, transport = {} } = parts;
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
  const live = new LiveRooms(context, canvases, encoder, parts.liveRooms);
  /** Each socket of `/` as a session: the room frames and history entries written to it. */
  const sessions = new Map<string, LiveSession<SocketFrame>>();
  io.on('live-ink', (message) => live.relay(message));

  io.on('connection', (socket) => {
    const { logError } = context;
    guardMessages(socket, {
      events: KNOWN_EVENTS,
      refusal: (event) => `Unknown event '${event.slice(0, 64)}'.`,
      messagesPerSecond: context.rateLimits.socketMessagesPerSecond,
      onRateLimited: () => context.metrics.refused('socket'),
    });
    void socket.join([rooms.user(socket.data.userId), rooms.session(socket.data.sessionId)]);
    registerPresenceHandlers(io, socket, context, (online) => sendOwnedCanvases(online, canvases));
    registerAuthHandlers(socket, auth, logError);
    registerCollaborationHandlers(socket, context, canvases);
    const session = socketSession(socket);
    sessions.set(socket.id, session);
    socket.on('disconnect', () => sessions.delete(socket.id));
    const presence = canvasPresence(socket, context);
    registerDrawingHandlers(socket, session, {
      context,
      live,
      canvases,
      presence,
      budgetGate,
      toOtherNodes,
    });
    registerHistoryWatch(socket, canvases, presence, logError);
    markOnline(io, socket, context).catch((error) => logError(error, 'presence'));
  });

  const viewers$ = parts.viewLinks
    ? serveViewLinks(io, { live, links: parts.viewLinks, context })
    : undefined;

  // The live rooms first and synchronously: a removed collaborator's sockets leave the room
  // before anyone (the remover's ack included) hears of the removal.
  const processed$ = context.projections.processed$;
  const rooms$ = processed$.subscribe((record) => live.publish(record));
  const fanOut = new FanOut(io, context, canvases);
  const fanOut$ = inLogOrder(processed$, (record) => fanOut.publish(record), context, 'fan-out');
  // The scenes of the canvases open on this node are kept; history entries go to its watchers.
  context.scenes.keepOpen(
    (canvasId) => (io.of('/').adapter.rooms.get(rooms.canvas(canvasId))?.size ?? 0) > 0,
  );
  const feed = parts.history
    ? new HistoryFeed({
        ...parts.history,
        foldedOf: (record) => context.scenes.foldedOf(record),
        watched: (canvasId) => historyWatched(io, canvasId),
        emit: historyEmitter(io, encoder, (socketId) => sessions.get(socketId)),
      })
    : undefined;
  const feed$ =
    feed && inLogOrder(processed$, (record) => feed.publish(record), context, 'history feed');

  // Presence entries expire unless renewed (Redis); a node that dies drops out by itself.
  const heartbeat = setInterval(() => {
    refreshPresence(io, context).catch((error) => context.logError(error, 'presence refresh'));
  }, timing.presenceRefreshMs);
  heartbeat.unref();

  return {
    io,
    live,
    takeOffline: (socketId) => markOffline(io, socketId, context),
    async close() {
      clearInterval(heartbeat);
      fanOut$.unsubscribe();
      feed$?.unsubscribe();
      rooms$.unsubscribe();
      viewers$?.unsubscribe();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/** Runs `publish` for each record, one after the other in log order; failures are logged. */
function inLogOrder(
  records$: Observable<RecordedEvent<Event>>,
  publish: (record: RecordedEvent<Event>) => Promise<void>,
  context: Pick<AppContext, 'logError'>,
  where: string,
): Subscription {
  return records$
    .pipe(
      concatMap((record) => from(publish(record).catch((error) => context.logError(error, where)))),
    )
    .subscribe();
}
