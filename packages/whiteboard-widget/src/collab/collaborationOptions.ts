/**
 * What `CollaborationClient` is configured with and reports: its options and defaults, its
 * errors. Kept apart from the engine so the facade reads as behaviour only.
 */
import type { Observable } from 'rxjs';
import type { RequestFrame } from '../board/frames';
import type { FileTransport } from './fileTransport';
import type { OutboxStorage } from './outbox';
import type { CanvasPersistence } from './persistence/CanvasPersistence';
import type { Scheduler } from './scheduler';
import type { Transport } from './Transport';

/** A refusal from the server, a canvas that went away, or a session that ended. */
export interface CollaborationError {
  kind: 'join-refused' | 'update-refused' | 'server-error' | 'canvas-deleted' | 'signed-out';
  message: string;
  /** The server's code (`NOT_FOUND`, `FORBIDDEN`, …) for refusals; `FILE_REFUSED` for an image. */
  code?: string;
}

/** The client was disposed before the canvas was joined. */
export class ClientClosedError extends Error {
  constructor() {
    super('The collaboration client was closed before the canvas was joined.');
    this.name = 'ClientClosedError';
  }
}

/** The server refused the join for good (`NOT_FOUND`, `FORBIDDEN`): its message, to show. */
export class JoinRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JoinRefusedError';
  }
}

/** Options of `new CollaborationClient`. */
export interface CollaborationClientOptions {
  transport: Transport;
  canvasId: string;
  /** The local user's id: their own pointer echoes and presence are ignored. */
  userId?: string;
  /** Clock and timers (tests pass a `ManualScheduler`). */
  scheduler?: Scheduler;
  /** Fresh event ids (default `crypto.randomUUID`). */
  newEventId?: () => string;
  /** Minimum time between two `pointer` messages (default 34 ms: under 30 per second). */
  pointerIntervalMs?: number;
  /** Minimum time between two `ink` messages (default one 60 Hz animation frame). */
  inkIntervalMs?: number;
  /** How long a peer's preview stays without news before it is removed (default 10 s). */
  previewTimeoutMs?: number;
  /** First wait before retrying a join or an update that timed out or met a busy server (default 1000 ms, doubling). */
  retryDelayMs?: number;
  /**
   * Where unsent changes are kept between sessions (under a key per user and canvas, shared by
   * tabs). With `persistence` it is only read once: what it holds moves into the persistence.
   */
  outboxStorage?: OutboxStorage;
  /**
   * Keeps the canvas on the device (`indexedDbPersistence('tabula:<userId>')`): its last
   * scene, image files and unsent changes, so that it opens with no network and nothing drawn
   * offline is lost; the device's clients of one canvas share one outbox, one sends at a time.
   */
  persistence?: CanvasPersistence;
  /** Whether the network is up (default: the browser's `navigator.onLine`). */
  online$?: Observable<boolean>;
  /** Where image files go and come from (`httpFileTransport`); without it images stay local. */
  files?: FileTransport;
  /**
   * The frames peers' changes are applied at, all that arrived since the last in one update of
   * the editor (default: the browser's animation frames; outside a browser, the next turn).
   */
  requestFrame?: RequestFrame;
}

/** The fewest milliseconds between pointers for at most 30 per second. */
export const POINTER_INTERVAL_MS = Math.ceil(1000 / 30);

/** The fewest milliseconds between two `ink` messages (a timer, 60 a second at most; not tied to animation frames). */
export const MIN_INK_INTERVAL_MS = 1000 / 60;

/** A preview whose commit has not come after this long (no ink either) is removed. */
export const PREVIEW_TIMEOUT_MS = 10_000;

/** While live, "changes waiting" shows only once the oldest has waited this long (no flicker on every commit). */
export const WAITING_SHOWN_AFTER_MS = 1000;
