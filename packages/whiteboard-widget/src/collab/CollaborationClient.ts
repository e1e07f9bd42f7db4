import { BehaviorSubject, Subject, Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import type { AckError, JoinCanvasResult, UpdatedCanvasMessage } from '@tabula/domain/protocol';
import { DeferredRemote, mergeRemote } from '../scene/mergeRemote';
import { beats, inSceneOrder } from '../scene/sceneRules';
import { Outbox, splitIntoBatches } from './outbox';
import type { OutboxEntry } from './outbox';
import { PeerDirectory } from './peers';
import type { RemotePeer } from './peers';
import { systemScheduler } from './scheduler';
import type { Scheduler } from './scheduler';
import { Throttle } from './throttle';
import type { Transport, TransportStatus } from './Transport';

/**
 * Where the client stands: `connecting` (first connection), `joining` the canvas, `live` on
 * it, `reconnecting` (was live, the transport is trying again), `offline` (the browser is
 * offline or the transport gave up), `signed-out` (the server refused the session; changes are
 * kept), or `closed`.
 */
export type CollaborationStatus =
  'connecting' | 'joining' | 'live' | 'reconnecting' | 'offline' | 'signed-out' | 'closed';

/** A refusal from the server, a canvas that went away, or a session that ended. */
export interface CollaborationError {
  kind: 'join-refused' | 'update-refused' | 'server-error' | 'canvas-deleted' | 'signed-out';
  message: string;
  code?: string;
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
  /** Wait before resending an update whose ack failed while still connected (default 1000 ms). */
  retryDelayMs?: number;
}

/** Refusals worth another try: the server was busy, not saying no. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['RATE_LIMITED', 'INTERNAL']);

/** The fewest milliseconds between pointers for at most 30 per second. */
export const POINTER_INTERVAL_MS = Math.ceil(1000 / 30);

/**
 * Keeps one canvas in sync with a Tabula server over a `Transport`, without any UI framework.
 *
 * - `start()` joins the canvas and loads its scene; `remoteChanges$` then emits every batch
 *   of elements that peers changed (apply them to the board).
 * - `submit(deltas)` sends local changes as `canvas-update` messages with fresh event ids and
 *   keeps each in an outbox until its ack; after a reconnect the client catches up with
 *   `join-canvas { sinceRevision }` and resends the outbox (the server stores a resent event
 *   once).
 * - `setEditing(ids)`: elements the local user is editing keep their local copy; a peer's
 *   winning copy is applied when the edit ends.
 * - `movePointer` sends `pointer` at most 30 times a second; `peers$` lists who is around.
 */
export class CollaborationClient {
  private readonly transport: Transport;
  private readonly canvasId: string;
  private readonly scheduler: Scheduler;
  private readonly newEventId: () => string;
  private readonly retryDelayMs: number;
  private readonly outbox = new Outbox();
  private readonly deferred = new DeferredRemote();
  private readonly peerDirectory: PeerDirectory;
  private readonly pointerThrottle: Throttle<{ x: number; y: number; tool?: string }>;
  private readonly subscriptions = new Subscription();
  private readonly statusSubject = new BehaviorSubject<CollaborationStatus>('connecting');
  private readonly remoteSubject = new Subject<SceneElement[]>();
  private readonly peersSubject = new BehaviorSubject<RemotePeer[]>([]);
  private readonly errorSubject = new Subject<CollaborationError>();
  private readonly pendingSubject = new BehaviorSubject<number>(0);
  private readonly loadedSubject = new BehaviorSubject<boolean>(false);
  private scene = new Map<string, SceneElement>();
  private editing: ReadonlySet<string> = new Set();
  private lastRevision: number | null = null;
  private connected = false;
  private joinAttempt = 0;
  private buffered: UpdatedCanvasMessage[] | null = null;
  private started = false;

  /** Connection and join state. */
  readonly status$: Observable<CollaborationStatus> = this.statusSubject.asObservable();
  /** Elements peers changed (the winners after reconciliation), to apply to the board. */
  readonly remoteChanges$: Observable<SceneElement[]> = this.remoteSubject.asObservable();
  /** Everyone else on the canvas, with their pointers. */
  readonly peers$: Observable<RemotePeer[]> = this.peersSubject.asObservable();
  /** Refusals and server errors. */
  readonly errors$: Observable<CollaborationError> = this.errorSubject.asObservable();
  /** How many local updates wait for an ack. */
  readonly pending$: Observable<number> = this.pendingSubject.asObservable();
  /** True once the canvas' scene has been loaded. */
  readonly loaded$: Observable<boolean> = this.loadedSubject.asObservable();

  constructor(options: CollaborationClientOptions) {
    this.transport = options.transport;
    this.canvasId = options.canvasId;
    this.scheduler = options.scheduler ?? systemScheduler;
    this.newEventId = options.newEventId ?? (() => crypto.randomUUID());
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.peerDirectory = new PeerDirectory(options.userId);
    this.pointerThrottle = new Throttle(
      options.pointerIntervalMs ?? POINTER_INTERVAL_MS,
      this.scheduler,
      (pointer) => {
        if (this.statusSubject.value === 'live')
          this.transport.pointer({ canvasId: this.canvasId, ...pointer });
      },
    );
  }

  /** Subscribes to the transport and joins the canvas whenever it is connected. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const t = this.transport;
    this.subscriptions.add(
      t.events('updated-canvas').subscribe((message) => this.onUpdated(message)),
    );
    this.subscriptions.add(
      t.events('pointer-moved').subscribe((message) => {
        if (message.canvasId === this.canvasId && this.peerDirectory.pointerMoved(message))
          this.publishPeers();
      }),
    );
    this.subscriptions.add(
      t.events('collaborator-joined').subscribe((message) => {
        if (message.canvasId !== this.canvasId) return;
        this.peerDirectory.setMembers(message);
        this.publishPeers();
      }),
    );
    this.subscriptions.add(
      t.events('collaborator-leaved').subscribe((message) => {
        if (message.canvasId !== this.canvasId) return;
        this.peerDirectory.removeMember(message.userId);
        this.publishPeers();
      }),
    );
    this.subscriptions.add(
      t.events('get-online-users').subscribe((users) => {
        this.peerDirectory.setOnline(users);
        this.publishPeers();
      }),
    );
    this.subscriptions.add(
      t.events('disconnected-user').subscribe((userId) => {
        this.peerDirectory.userDisconnected(userId);
        this.publishPeers();
      }),
    );
    this.subscriptions.add(
      t.events('canvas-deleted').subscribe((message) => {
        if (message.canvasId === this.canvasId)
          this.errorSubject.next({ kind: 'canvas-deleted', message: message.message });
      }),
    );
    this.subscriptions.add(
      t
        .events('error')
        .subscribe((error) =>
          this.errorSubject.next({ kind: 'server-error', message: error.message }),
        ),
    );
    this.subscriptions.add(t.status$.subscribe((status) => this.onTransportStatus(status)));
  }

  /** The client's copy of the scene (tombstones included), in scene order. */
  get elements(): SceneElement[] {
    return inSceneOrder(this.scene.values());
  }

  /** The last revision of the canvas this client has caught up to (`null` before the first join). */
  get revision(): number | null {
    return this.lastRevision;
  }

  /** Number of local updates waiting for an ack. */
  get pendingCount(): number {
    return this.outbox.size;
  }

  /** Current status. */
  get status(): CollaborationStatus {
    return this.statusSubject.value;
  }

  /**
   * Queues local deltas (elements whose version rose) and sends them when live. They are
   * copied: later changes to the passed objects do not leak into the queued update.
   */
  submit(deltas: readonly SceneElement[]): void {
    if (this.statusSubject.value === 'closed' || deltas.length === 0) return;
    const copies = deltas.map((element) => structuredClone(element));
    for (const element of copies) {
      const current = this.scene.get(element.id);
      if (current === undefined || beats(element, current)) this.scene.set(element.id, element);
    }
    for (const batch of splitIntoBatches(copies)) {
      const entry = this.outbox.add(this.newEventId(), batch);
      if (this.statusSubject.value === 'live') this.send(entry);
    }
    this.pendingSubject.next(this.outbox.size);
  }

  /** The elements the local user is editing; a peer's copy of them waits until the edit ends. */
  setEditing(ids: ReadonlySet<string>): void {
    this.editing = new Set(ids);
    const released = this.deferred.release(this.editing);
    if (released.length > 0) this.applyRemote(released);
  }

  /** The local pointer moved (scene coordinates); sent at most 30 times a second. */
  movePointer(pointer: { x: number; y: number; tool?: string }): void {
    if (this.statusSubject.value === 'closed') return;
    this.pointerThrottle.push({ ...pointer });
  }

  /** Stops listening and closes nothing else (the transport belongs to the caller). */
  dispose(): void {
    this.pointerThrottle.cancel();
    this.subscriptions.unsubscribe();
    this.statusSubject.next('closed');
    for (const subject of [
      this.statusSubject,
      this.remoteSubject,
      this.peersSubject,
      this.errorSubject,
      this.pendingSubject,
      this.loadedSubject,
    ]) {
      subject.complete();
    }
  }

  private onTransportStatus(status: TransportStatus): void {
    if (this.statusSubject.value === 'closed') return;
    if (status === 'connected') {
      if (this.connected) return;
      this.connected = true;
      void this.join();
      return;
    }
    this.connected = false;
    this.joinAttempt += 1;
    this.buffered = null;
    this.outbox.markAllUnsent();
    this.pointerThrottle.cancel();
    if (status === 'unauthorized') {
      this.statusSubject.next('signed-out');
      this.errorSubject.next({ kind: 'signed-out', message: 'The session has ended.' });
      return;
    }
    this.statusSubject.next(
      status === 'connecting' && this.lastRevision === null ? 'connecting' : 'offline',
    );
  }

  /** Joins (or re-joins, catching up from the last revision), then resends the outbox. */
  private async join(): Promise<void> {
    const attempt = ++this.joinAttempt;
    this.statusSubject.next('joining');
    this.buffered = [];
    const sinceRevision = this.lastRevision ?? undefined;
    let result;
    try {
      result = await this.transport.request('join-canvas', {
        canvasId: this.canvasId,
        sinceRevision,
      });
    } catch {
      return; // Disconnected meanwhile: the next 'connected' joins again.
    }
    if (attempt !== this.joinAttempt || this.statusSubject.value === 'closed') return;
    if (!result.ok) {
      this.buffered = null;
      this.statusSubject.next('offline');
      this.errorSubject.next({
        kind: 'join-refused',
        message: result.error.message,
        code: result.error.code,
      });
      return;
    }
    this.applyJoin(result.data);
    const buffered = this.buffered ?? [];
    this.buffered = null;
    for (const message of buffered) this.onUpdated(message);
    this.statusSubject.next('live');
    if (!this.loadedSubject.value) this.loadedSubject.next(true);
    for (const entry of this.outbox.unsent()) this.send(entry);
  }

  private applyJoin(data: JoinCanvasResult): void {
    if (data.kind === 'snapshot') {
      this.applyRemote(data.elements);
    } else {
      for (const change of data.changes) this.applyRemote(change.elements);
    }
    this.lastRevision = Math.max(this.lastRevision ?? 0, data.revision);
  }

  private onUpdated(message: UpdatedCanvasMessage): void {
    if (message.canvasId !== this.canvasId) return;
    if (this.buffered) {
      this.buffered.push(message);
      return;
    }
    // Messages arrive in commit order on one connection: one at or below the revision we
    // caught up to is already in the scene.
    if (this.lastRevision !== null && message.revision <= this.lastRevision) return;
    this.applyRemote(message.elements);
    this.lastRevision = Math.max(this.lastRevision ?? 0, message.revision);
  }

  private applyRemote(elements: readonly SceneElement[]): void {
    const merge = mergeRemote(this.elements, elements, this.editing);
    this.deferred.hold(merge.deferred);
    if (!merge.scene) return;
    this.scene = new Map(merge.scene.map((element) => [element.id, element]));
    this.remoteSubject.next(merge.applied);
  }

  private send(entry: OutboxEntry): void {
    entry.inFlight = true;
    const attempt = this.joinAttempt;
    this.transport
      .request('canvas-update', {
        canvasId: this.canvasId,
        eventId: entry.eventId,
        elements: entry.elements,
      })
      .then(
        (result) => {
          if (result.ok) this.settle(entry.eventId);
          else this.refused(entry, result.error);
        },
        () => {
          // A failure from an older connection: the re-join already resent the entry.
          if (attempt !== this.joinAttempt) return;
          entry.inFlight = false;
          this.scheduleRetry(entry);
        },
      );
  }

  /** Still on the same connection (a timed-out ack, a rate limit): try again shortly. Otherwise the next join resends it. */
  private scheduleRetry(entry: OutboxEntry): void {
    const attempt = this.joinAttempt;
    this.scheduler.schedule(() => {
      const waiting = this.outbox.get(entry.eventId) === entry && !entry.inFlight;
      if (attempt === this.joinAttempt && this.statusSubject.value === 'live' && waiting)
        this.send(entry);
    }, this.retryDelayMs);
  }

  private settle(eventId: string): void {
    if (this.outbox.settle(eventId)) this.pendingSubject.next(this.outbox.size);
  }

  private refused(entry: OutboxEntry, error: AckError): void {
    if (RETRYABLE_CODES.has(error.code)) {
      entry.inFlight = false;
      this.scheduleRetry(entry);
      return;
    }
    // The server refused the update for good (too large, not allowed …): resending would not help.
    if (!this.outbox.settle(entry.eventId)) return;
    this.pendingSubject.next(this.outbox.size);
    this.errorSubject.next({ kind: 'update-refused', message: error.message, code: error.code });
  }

  private publishPeers(): void {
    this.peersSubject.next(this.peerDirectory.list());
  }
}
