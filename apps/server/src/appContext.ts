/**
 * What the features of the server are built from: the adapters `createApp` was given
 * (`appDeps.ts`), plus the command handlers and the projection runner made from them. Passed
 * explicitly, never global, and each part takes only what it uses (`Pick<AppContext, …>`).
 * It borrows no type from what is built on it (the socket gateway, the live rooms).
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
import type { AppMetrics } from './http/metrics';
import type { QuotaConfig } from './features/canvases/quotas/quotas';
import type { MinuteBudget } from './features/canvases/quotas/minuteBudget';
import type { CurrentScenes } from './features/canvases/projections/currentScenes';
import type { CommandHandler } from './infrastructure/commandHandler';
import type { EventStore } from './infrastructure/eventStore/eventStore';
import type { PresenceStore } from './features/presence/presenceStore';
import type { ReadModelStore } from './infrastructure/readModels/readModelStore';
import type { ProjectionRunner } from './projections/projectionRunner';

export interface Clock {
  /** The current instant. */
  now(): Date;
}

export interface AppContext {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  presence: PresenceStore;
  clock: Clock;
  newId: () => string;
  users: CommandHandler<UserState, UserCommand, UserEvent>;
  canvases: CommandHandler<CanvasState, CanvasCommand, CanvasEvent>;
  /**
   * A canvas's state alone, folded off the event loop from its events that are not drawings
   * (the embedded server's scene load thread, `SceneLoadThread.states`); undefined when it
   * cannot be. Without it, a join's membership check loads the whole aggregate.
   */
  canvasStates?: (stream: string) => Promise<CanvasState | undefined>;
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
