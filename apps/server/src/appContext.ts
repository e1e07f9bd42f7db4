/**
 * What every feature of the server is built from: the adapters `createApp` was given, plus the
 * command handlers and the projection runner made from them. Passed explicitly, never global.
 */
import type { SharedState } from './infrastructure/sharedState/sharedState';
import type {
  CanvasCommand,
  CanvasEvent,
  CanvasState,
  Event,
  UserCommand,
  UserEvent,
  UserState,
} from '@tabula/domain';
import type { RateLimitConfig } from './config';
import type { HeartbeatConfig } from './realtime/gateway';
import type { AppMetrics } from './http/metrics';
import type { LiveRoomsOptions } from './features/canvases/live/liveRooms';
import type { QuotaConfig } from './features/canvases/quotas/quotas';
import type { MinuteBudget } from './features/canvases/quotas/minuteBudget';
import type { CurrentScenes } from './features/canvases/projections/currentScenes';
import type { CommandHandler } from './infrastructure/commandHandler';
import type { EventStore, RecordedEvent } from './infrastructure/eventStore/eventStore';
import type { FileStore } from './infrastructure/files/fileStore';
import type { PresenceStore } from './infrastructure/readModels/presenceStore';
import type { ReadModelStore } from './infrastructure/readModels/readModelStore';
import type { SnapshotStore } from './infrastructure/snapshots/snapshotStore';
import type { ProjectionRunner } from './projections/projectionRunner';

export interface Clock {
  /** The current instant. */
  now(): Date;
}

export interface AppDeps {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  presence: PresenceStore;
  clock?: Clock;
  /** A fresh unique id (default: crypto.randomUUID). */
  newId?: () => string;
  allowedOrigins?: string[];
  /** `idleMs`: how long a demo session may sit idle before another visitor can take the account. */
  demo?: { enabled: boolean; password: string; idleMs?: number };
  webDist?: string;
  /** Sites allowed to frame the embeds (`EMBED_ORIGINS`; default none: this origin only). */
  embedOrigins?: string[];
  /** The custom elements' embed build, served under `/embed/v1/` (default: the widget's). */
  embedBuild?: string;
  /**
   * Proxies in front whose `X-Forwarded-For` is trusted (default 0: ignored). With N, the
   * client address (and so the per-IP rate limit's key) is the one the outermost of them saw.
   */
  trustProxy?: number;
  /** A Socket.IO adapter factory joining several nodes (the Redis streams adapter). */
  socketIoAdapter?: (nsp: unknown) => unknown;
  /** Where sign-in limits are counted (default: in this process; Redis with several nodes). */
  sharedState?: SharedState;
  /** Called once each event's projections are applied, in log order (the read models' saver). */
  onProjected?: (record: RecordedEvent<Event>) => void;
  rateLimits?: Partial<RateLimitConfig>;
  /** What one user or canvas may store (default `DEFAULT_QUOTAS`). */
  quotas?: Partial<QuotaConfig>;
  /** Bounds of what live canvas rooms hold per session (defaults suit production). */
  liveRooms?: LiveRoomsOptions;
  /** Where scene snapshots are kept (default: in memory). */
  snapshots?: SnapshotStore;
  /** Where canvases' image files are kept (default: in memory). */
  files?: FileStore;
  /** Revisions between scene snapshots (default `DEFAULT_SNAPSHOT_INTERVAL`; 0: none). */
  snapshotInterval?: number;
  /** Bytes of grid scenes kept in memory (0: none; see `GridScenes`). */
  gridSceneCapacity?: number;
  /** Bytes of current scenes kept in memory (default `CURRENT_SCENES_BYTES`). */
  sceneMemoryBytes?: number;
  /** Where 5xx errors and unexpected failures are reported (default: a JSON log on stderr). */
  logError?: (error: unknown, context: string) => void;
  /** Socket pings and presence renewal (default `DEFAULT_HEARTBEAT`; tests shorten them). */
  heartbeat?: Partial<HeartbeatConfig>;
  /** WebSocket compression of large messages (default on: `SOCKET_COMPRESSION`). */
  socketCompression?: boolean;
}

export interface AppContext {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  presence: PresenceStore;
  clock: Clock;
  newId: () => string;
  users: CommandHandler<UserState, UserCommand, UserEvent>;
  canvases: CommandHandler<CanvasState, CanvasCommand, CanvasEvent>;
  projections: ProjectionRunner;
  /** The current scene of each canvas in use (loaded from snapshots, kept by the runner). */
  scenes: CurrentScenes;
  rateLimits: RateLimitConfig;
  /** Values every node agrees on: sign-in limits (in Redis with several nodes). */
  sharedState: SharedState;
  quotas: QuotaConfig;
  /** Each user's drawing bytes of the last minute (`QUOTA_BYTES_PER_MINUTE`). */
  drawingBudget: Pick<MinuteBudget, 'assertLeft'>;
  /** Resolves once the scene snapshots asked for so far are written. */
  snapshotsSettled: () => Promise<void>;
  logError: (error: unknown, context: string) => void;
  /** This node's Prometheus metrics (`/api/metrics`). */
  metrics: AppMetrics;
}

/** Command metadata for an action of `actorId` now. */
export function commandMetadata(
  context: Pick<AppContext, 'clock' | 'newId'>,
  actorId: string,
  eventId = context.newId(),
) {
  return { actorId, now: context.clock.now().toISOString(), eventId };
}
