/**
 * What `createApp` is given: the adapters (event store, read models, presence, snapshots,
 * files) and the settings `main.ts` read from the environment. Tests and benches pass their own.
 */
import type { Event } from '@tabula/domain';
import type { Clock } from './appContext';
import type { RateLimitConfig } from './config';
import type { LiveRoomsOptions } from './features/canvases/live/liveRooms';
import type { QuotaConfig } from './features/canvases/quotas/quotas';
import type { PresenceStore } from './features/presence/presenceStore';
import type { EventStore, RecordedEvent } from './infrastructure/eventStore/eventStore';
import type { FileStore } from './infrastructure/files/fileStore';
import type { ReadModelStore } from './infrastructure/readModels/readModelStore';
import type { SharedState } from './infrastructure/sharedState/sharedState';
import type { SnapshotStore } from './infrastructure/snapshots/snapshotStore';
import type { HeartbeatConfig } from './socketGateway';

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
  /**
   * The data directory whose SQLite file holds both the log and the snapshots, when it does:
   * scenes not in memory are then loaded in a worker thread (`SceneLoadThread`); without it,
   * on the event loop in slices.
   */
  sceneLoadDir?: string;
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
