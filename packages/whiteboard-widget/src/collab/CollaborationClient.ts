import { BehaviorSubject, Subject, Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { compareElementCopies, reconcile } from '@tabula/domain';
import type { GestureTiming, SceneElement } from '@tabula/domain';
import type {
  AckError,
  InkMessage,
  JoinCanvasResult,
  UpdatedCanvasMessage,
} from '@tabula/domain/protocol';
import { createDeltaTracker } from '../scene/deltaTracker';
import { editingElementIds } from '../scene/editingIds';
import type { EditingState } from '../scene/editingIds';
import { withValidIndices } from '../scene/fractionalIndex';
import { browserOnline, disconnectedStatus } from './connectionStatus';
import type { CollaborationStatus } from './connectionStatus';
import { GestureClock } from './gestureTiming';
import { InkPreviews } from './inkPreviews';
import type { Restore } from './inkPreviews';
import { InkSender } from './inkSender';
import { loadOutbox, Outbox, outboxKey, saveOutbox, splitIntoBatches } from './outbox';
import type { OutboxEntry, OutboxStorage } from './outbox';
import { PeerDirectory } from './peers';
import type { RemotePeer } from './peers';
import { systemScheduler } from './scheduler';
import type { Scheduler } from './scheduler';
import { Throttle } from './throttle';
import type { Transport, TransportStatus } from './Transport';

export type { CollaborationStatus } from './connectionStatus';

/** A refusal from the server, a canvas that went away, or a session that ended. */
export interface CollaborationError {
  kind: 'join-refused' | 'update-refused' | 'server-error' | 'canvas-deleted' | 'signed-out';
  message: string;
  /** The server's code (`NOT_FOUND`, `FORBIDDEN`, …) for refusals. */
  code?: string;
}

/** The client was disposed (or the join refused) before the canvas was joined. */
export class ClientClosedError extends Error {
  constructor() {
    super('The collaboration client was closed before the canvas was joined.');
    this.name = 'ClientClosedError';
  }
}

/** The editor the engine keeps in sync: `<Whiteboard>`'s handle fits. */
export interface BoardView {
  /** The editor's scene, tombstones included (its own objects: read, never change them). */
  getSceneElements(): readonly SceneElement[];
  /** Replaces the editor's scene, not as a local change (no undo step). */
  updateScene(elements: readonly SceneElement[]): void;
  /** True once the editor holds its initial scene. */
  isReady(): boolean;
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
  /** Wait before resending an update whose ack failed while still connected (default 1000 ms). */
  retryDelayMs?: number;
  /** Where unsent changes are kept between sessions (under a key per user and canvas). */
  outboxStorage?: OutboxStorage;
  /** Whether the network is up (default: the browser's `navigator.onLine`). */
  online$?: Observable<boolean>;
}

/** Refusals worth another try: the server was busy, not saying no. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['RATE_LIMITED', 'INTERNAL']);

/** The fewest milliseconds between pointers for at most 30 per second. */
export const POINTER_INTERVAL_MS = Math.ceil(1000 / 30);

/** One animation frame at 60 Hz: at most one `ink` message per frame. */
export const INK_INTERVAL_MS = 1000 / 60;

/** A preview whose commit has not come after this long (no ink either) is removed. */
export const PREVIEW_TIMEOUT_MS = 10_000;

const NO_RESTORE: Restore = new Map();

/**
 * The one client sync engine of a canvas, over a `Transport`, without any UI framework. The
 * editor (`BoardView`) holds the scene; the engine reports nothing to it but whole scenes it
 * reconciled with the domain's `reconcile(local, remote, { editingIds })`.
 *
 * - `start()` joins the canvas; `initialScene()` resolves with the scene to mount the editor
 *   with; `attach(view)` and `viewChanged(elements, appState)` connect the editor.
 * - Local changes are found by version (delta tracking). Elements being drawn, typed, dragged
 *   or resized go out as volatile `ink` at most once per frame (freedraw as point patches);
 *   when the gesture ends they are committed with `canvas-update` and their `timing`, kept in
 *   an outbox (and `outboxStorage`) until acknowledged, and resent after a reconnect, which
 *   catches up with `join-canvas { sinceRevision }`.
 * - Peers' commits are reconciled into the editor; elements being edited keep their local copy
 *   and get the peer's copy when the edit ends. Peers' ink shows as previews until the commit
 *   replaces them, the peer leaves, or nothing is heard for `previewTimeoutMs`.
 */
export class CollaborationClient {
  private readonly transport: Transport;
  private readonly canvasId: string;
  private readonly scheduler: Scheduler;
  private readonly newEventId: () => string;
  private readonly retryDelayMs: number;
  private readonly previewTimeoutMs: number;
  private readonly storage: OutboxStorage | undefined;
  private readonly storageKey: string;
  private readonly online$: Observable<boolean>;
  private readonly outbox = new Outbox();
  private readonly tracker = createDeltaTracker();
  private readonly clock = new GestureClock();
  private readonly inkSender = new InkSender();
  private readonly previews = new InkPreviews();
  private readonly peerDirectory: PeerDirectory;
  private readonly pointerThrottle: Throttle<{ x: number; y: number; tool?: string }>;
  private readonly inkThrottle: Throttle<null>;
  private readonly subscriptions = new Subscription();
  private readonly statusSubject = new BehaviorSubject<CollaborationStatus>('connecting');
  private readonly peersSubject = new BehaviorSubject<RemotePeer[]>([]);
  private readonly errorSubject = new Subject<CollaborationError>();
  private readonly pendingSubject = new BehaviorSubject<number>(0);
  private readonly loadedSubject = new BehaviorSubject<boolean>(false);

  private view: BoardView | null = null;
  private viewReady = false;
  /** The scene the editor last reported (to remount an editor with). */
  private lastScene: readonly SceneElement[] = [];
  /** Peers' changes that arrived while no editor was ready. */
  private readonly waiting = new Map<string, SceneElement>();
  /** Peers' winning copies of elements being edited, applied when the edit ends. */
  private readonly held = new Map<string, SceneElement>();
  private editing: ReadonlySet<string> = new Set();
  /** The elements being edited, as the editor last reported them. */
  private drawing: SceneElement[] = [];
  private initial: Promise<SceneElement[]> | null = null;
  private markJoined: () => void = () => undefined;
  private markClosed: (error: Error) => void = () => undefined;
  private readonly joinedOnce = new Promise<void>((resolve, reject) => {
    this.markJoined = resolve;
    this.markClosed = reject;
  });
  private hasJoined = false;
  private transportStatus: TransportStatus = 'connecting';
  private online = true;
  private connected = false;
  private live = false;
  private wasLive = false;
  private closed = false;
  private lastRevision: number | null = null;
  private joinAttempt = 0;
  private buffered: UpdatedCanvasMessage[] | null = null;
  private cancelSweep: (() => void) | null = null;
  private started = false;

  /** Connection and join state. */
  readonly status$: Observable<CollaborationStatus> = this.statusSubject.asObservable();
  /** Everyone else on the canvas, with their pointers. */
  readonly peers$: Observable<RemotePeer[]> = this.peersSubject.asObservable();
  /** Refusals, server errors, a deleted canvas, an ended session. */
  readonly errors$: Observable<CollaborationError> = this.errorSubject.asObservable();
  /** How many local updates wait for an ack. */
  readonly pending$: Observable<number> = this.pendingSubject.asObservable();
  /** True once the joined scene is on the attached editor. */
  readonly loaded$: Observable<boolean> = this.loadedSubject.asObservable();

  constructor(options: CollaborationClientOptions) {
    this.transport = options.transport;
    this.canvasId = options.canvasId;
    this.scheduler = options.scheduler ?? systemScheduler;
    this.newEventId = options.newEventId ?? (() => crypto.randomUUID());
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.previewTimeoutMs = options.previewTimeoutMs ?? PREVIEW_TIMEOUT_MS;
    this.storage = options.outboxStorage;
    this.storageKey = outboxKey(options.userId, options.canvasId);
    this.online$ = options.online$ ?? browserOnline();
    this.peerDirectory = new PeerDirectory(options.userId);
    this.pointerThrottle = new Throttle(
      options.pointerIntervalMs ?? POINTER_INTERVAL_MS,
      this.scheduler,
      (pointer) => {
        if (this.live) this.transport.pointer({ canvasId: this.canvasId, ...pointer });
      },
    );
    this.inkThrottle = new Throttle(options.inkIntervalMs ?? INK_INTERVAL_MS, this.scheduler, () =>
      this.sendInk(),
    );
    this.joinedOnce.catch(() => undefined);
    if (this.storage) {
      for (const entry of loadOutbox(this.storage, this.storageKey))
        this.outbox.add(entry.eventId, entry.elements, entry.timing);
      this.pendingSubject.next(this.outbox.size);
    }
  }

  /** Subscribes to the transport and joins the canvas whenever it is connected. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const t = this.transport;
    const on = <T>(source: Observable<T>, handle: (value: T) => void) =>
      this.subscriptions.add(source.subscribe(handle));
    const forCanvas = <T extends { canvasId: string }>(handle: (message: T) => void) => {
      return (message: T) => {
        if (message.canvasId === this.canvasId) handle(message);
      };
    };
    on(
      t.events('updated-canvas'),
      forCanvas((message) => this.onUpdated(message)),
    );
    on(
      t.events('ink'),
      forCanvas((message) => this.onInk(message)),
    );
    on(
      t.events('pointer-moved'),
      forCanvas((message) => {
        if (this.peerDirectory.pointerMoved(message)) this.publishPeers();
      }),
    );
    on(
      t.events('collaborator-joined'),
      forCanvas((message) => {
        this.peerDirectory.setMembers(message);
        this.publishPeers();
      }),
    );
    on(
      t.events('collaborator-leaved'),
      forCanvas((message) => {
        this.peerDirectory.removeMember(message.userId);
        this.peerGone(message.userId);
      }),
    );
    on(t.events('get-online-users'), (users) => {
      this.peerDirectory.setOnline(users);
      this.publishPeers();
    });
    on(t.events('disconnected-user'), (userId) => {
      this.peerDirectory.userDisconnected(userId);
      this.peerGone(userId);
    });
    on(
      t.events('canvas-deleted'),
      forCanvas((message) =>
        this.errorSubject.next({ kind: 'canvas-deleted', message: message.message }),
      ),
    );
    on(t.events('error'), (error) =>
      this.errorSubject.next({ kind: 'server-error', message: error.message }),
    );
    on(this.online$, (online) => {
      this.online = online;
      this.publishStatus();
    });
    on(t.status$, (status) => this.onTransportStatus(status));
  }

  /**
   * The scene to mount the editor with: resolves once the canvas is joined (the joined scene,
   * with the unsent changes kept in `outboxStorage`), or at once with what the last editor held.
   * Rejects with `ClientClosedError` when the client is disposed (or refused) before joining.
   */
  initialScene(): Promise<SceneElement[]> {
    this.initial ??= this.joinedOnce.then(() => {
      const scene = reconcile(this.lastScene, [
        ...this.waiting.values(),
        ...this.outbox.all().flatMap((entry) => entry.elements),
      ]);
      this.waiting.clear();
      this.tracker.markSeen(scene);
      return scene.map((element) => ({ ...element }));
    });
    return this.initial;
  }

  /** Connects the editor (`null` when it goes away). */
  attach(view: BoardView | null): void {
    if (view === this.view) return;
    this.view = view;
    this.viewReady = false;
    if (!view) {
      this.initial = null;
      this.loadedSubject.next(false);
      return;
    }
    if (view.isReady()) {
      // An editor that already shows a scene (a new client for a mounted board): that scene
      // is not a change of ours.
      this.tracker.markSeen(view.getSceneElements());
      this.onViewReady();
    }
  }

  /** The editor's scene changed (`<Whiteboard onChange>`): find and send local changes. */
  viewChanged(elements: readonly SceneElement[], appState: EditingState): void {
    if (this.closed) return;
    this.lastScene = elements;
    if (this.view && !this.viewReady) this.onViewReady();
    const editing = editingElementIds(appState);
    const now = this.scheduler.now();
    const drawing: SceneElement[] = [];
    let inkChanged = false;
    if (editing.size > 0) {
      for (const element of elements) {
        if (!editing.has(element.id)) continue;
        drawing.push(element);
        this.clock.observe(element, now);
        if (this.inkSender.changed(element)) inkChanged = true;
      }
    }
    this.drawing = drawing;
    const ended = [...this.editing].filter((id) => !editing.has(id));
    this.editing = editing;
    const deltas = this.tracker.takeDeltas(elements, editing);
    if (ended.length > 0) this.inkSender.forget(ended);
    if (deltas.length > 0) this.commit(deltas, this.clock.take(deltas, now));
    if (ended.length > 0) {
      this.clock.forget(ended);
      this.releaseHeld(ended);
    }
    if (inkChanged && this.live) this.inkThrottle.push(null);
  }

  /** The local pointer moved (scene coordinates); sent at most 30 times a second. */
  movePointer(pointer: { x: number; y: number; tool?: string }): void {
    if (!this.closed) this.pointerThrottle.push({ ...pointer });
  }

  /** The scene as the editor holds it (or as it would be mounted, before one is ready). */
  get elements(): SceneElement[] {
    if (this.view && this.viewReady) return [...this.view.getSceneElements()];
    return reconcile(this.lastScene, [...this.waiting.values()]);
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

  /** Stops listening and closes nothing else (the transport belongs to the caller). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.live = false;
    this.markClosed(new ClientClosedError());
    this.pointerThrottle.cancel();
    this.inkThrottle.cancel();
    this.cancelSweep?.();
    this.subscriptions.unsubscribe();
    this.statusSubject.next('closed');
    for (const subject of [
      this.statusSubject,
      this.peersSubject,
      this.errorSubject,
      this.pendingSubject,
      this.loadedSubject,
    ]) {
      subject.complete();
    }
  }

  private onViewReady(): void {
    this.viewReady = true;
    this.initial = null;
    if (this.waiting.size > 0) {
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      this.applyRemote(waiting);
    }
    this.updateLoaded();
  }

  private updateLoaded(): void {
    if (this.hasJoined && this.viewReady && !this.loadedSubject.value && !this.closed)
      this.loadedSubject.next(true);
  }

  private publishStatus(): void {
    if (this.closed) return;
    let status: CollaborationStatus;
    if (this.transportStatus === 'connected' && this.online)
      status = this.live ? 'live' : 'joining';
    else
      status = disconnectedStatus(
        this.transportStatus === 'connected' ? 'connecting' : this.transportStatus,
        this.online,
        this.wasLive,
      );
    if (status !== this.statusSubject.value) this.statusSubject.next(status);
  }

  private onTransportStatus(status: TransportStatus): void {
    if (this.closed) return;
    const previous = this.transportStatus;
    this.transportStatus = status;
    if (status === 'connected') {
      if (!this.connected) {
        this.connected = true;
        void this.join();
      }
      this.publishStatus();
      return;
    }
    this.connected = false;
    this.live = false;
    this.joinAttempt += 1;
    this.buffered = null;
    this.outbox.markAllUnsent();
    this.pointerThrottle.cancel();
    this.inkThrottle.cancel();
    // Peers may miss any ink meanwhile: the next gesture starts with whole elements.
    this.inkSender.clear();
    this.endPreviews(this.previews.drop());
    this.publishStatus();
    if (status === 'unauthorized' && previous !== 'unauthorized')
      this.errorSubject.next({
        kind: 'signed-out',
        message: 'The session has ended; sign in again to send the changes kept here.',
      });
  }

  /** Joins (or re-joins, catching up from the last revision), then resends the outbox. */
  private async join(): Promise<void> {
    const attempt = ++this.joinAttempt;
    this.publishStatus();
    this.buffered = [];
    let result;
    try {
      result = await this.transport.request('join-canvas', {
        canvasId: this.canvasId,
        sinceRevision: this.lastRevision ?? undefined,
      });
    } catch {
      return; // Disconnected meanwhile: the next 'connected' joins again.
    }
    if (attempt !== this.joinAttempt || this.closed) return;
    if (!result.ok) {
      this.buffered = null;
      this.errorSubject.next({
        kind: 'join-refused',
        message: result.error.message,
        code: result.error.code,
      });
      this.dispose();
      return;
    }
    this.applyJoin(result.data);
    const buffered = this.buffered ?? [];
    this.buffered = null;
    for (const message of buffered) this.onUpdated(message);
    this.live = true;
    this.wasLive = true;
    if (!this.hasJoined) {
      this.hasJoined = true;
      this.markJoined();
    }
    this.publishStatus();
    this.updateLoaded();
    for (const entry of this.outbox.unsent()) this.send(entry);
  }

  private applyJoin(data: JoinCanvasResult): void {
    if (data.kind === 'snapshot') this.applyRemote(data.elements);
    else this.applyRemote(data.changes.flatMap((change) => change.elements));
    this.lastRevision = Math.max(this.lastRevision ?? 0, data.revision);
  }

  private onUpdated(message: UpdatedCanvasMessage): void {
    if (this.buffered) {
      this.buffered.push(message);
      return;
    }
    // Messages arrive in commit order on one connection: one at or below the revision we
    // caught up to is already in the scene.
    if (this.lastRevision !== null && message.revision <= this.lastRevision) return;
    const ids = new Set(message.elements.map((element) => element.id));
    this.applyRemote(message.elements, this.previews.settle(ids));
    this.lastRevision = Math.max(this.lastRevision ?? 0, message.revision);
  }

  private onInk(message: InkMessage): void {
    const view = this.readyView();
    if (!view || !this.live) return;
    const scene = new Map(view.getSceneElements().map((element) => [element.id, element]));
    const shown = this.previews.receive(message, (id) => scene.get(id), this.scheduler.now());
    if (shown.length > 0) this.applyRemote(shown, NO_RESTORE, false);
    this.scheduleSweep();
  }

  /** A peer left or disconnected: their previews go. */
  private peerGone(userId: string): void {
    this.publishPeers();
    this.endPreviews(this.previews.drop((preview) => preview.actorId === userId));
  }

  private scheduleSweep(): void {
    const oldest = this.previews.oldestAt();
    if (this.cancelSweep || oldest === null) return;
    const due = oldest + this.previewTimeoutMs - this.scheduler.now();
    this.cancelSweep = this.scheduler.schedule(() => {
      this.cancelSweep = null;
      const cutoff = this.scheduler.now() - this.previewTimeoutMs;
      this.endPreviews(this.previews.drop((preview) => preview.at <= cutoff));
      this.scheduleSweep();
    }, due);
  }

  private endPreviews(restore: Restore): void {
    if (restore.size > 0) this.applyRemote([], restore, false);
  }

  private readyView(): BoardView | null {
    return this.view && this.viewReady ? this.view : null;
  }

  /**
   * Reconciles peers' elements into the editor's scene (or keeps them until an editor is
   * ready). `restore` first puts back the copies that previews covered. With `hold`, a peer's
   * winning copy of an element being edited is kept and applied when the edit ends.
   */
  private applyRemote(
    remote: readonly SceneElement[],
    restore: Restore = NO_RESTORE,
    hold = true,
  ): void {
    const incoming = withValidIndices(remote);
    const view = this.readyView();
    if (!view) {
      for (const element of incoming) {
        const current = this.waiting.get(element.id);
        if (!current || compareElementCopies(element, current) > 0)
          this.waiting.set(element.id, element);
      }
      return;
    }
    let local = view.getSceneElements();
    const restored: SceneElement[] = [];
    if (restore.size > 0) {
      local = local.flatMap((element) => {
        const ended = restore.get(element.id);
        // Only a preview still shown goes: not one the local user has changed since.
        if (!ended || element.version !== ended.shown.version || this.editing.has(element.id))
          return [element];
        if (ended.base) restored.push(ended.base);
        return ended.base ? [ended.base] : [];
      });
    }
    if (hold && this.editing.size > 0) this.hold(local, incoming);
    const next = reconcile(local, incoming, { editingIds: this.editing });
    const mine = new Set(incoming);
    const applied = next.filter((element) => mine.has(element));
    if (applied.length === 0 && restore.size === 0) return;
    this.tracker.markSeen(restored);
    this.tracker.markSeen(applied);
    view.updateScene(next);
  }

  /** Keeps the peers' winning copies of elements being edited. */
  private hold(local: readonly SceneElement[], incoming: readonly SceneElement[]): void {
    const edited = incoming.filter((element) => this.editing.has(element.id));
    if (edited.length === 0) return;
    const localById = new Map(local.map((element) => [element.id, element]));
    for (const element of edited) {
      const current = this.held.get(element.id) ?? localById.get(element.id);
      if (!current || compareElementCopies(element, current) > 0)
        this.held.set(element.id, element);
    }
  }

  private releaseHeld(ended: readonly string[]): void {
    const released: SceneElement[] = [];
    for (const id of ended) {
      const element = this.held.get(id);
      if (!element) continue;
      this.held.delete(id);
      released.push(element);
    }
    if (released.length > 0) this.applyRemote(released);
  }

  private sendInk(): void {
    if (!this.live || this.drawing.length === 0) return;
    const payload = this.inkSender.next(this.canvasId, this.drawing);
    if (payload) this.transport.ink(payload);
  }

  /** Queues finished changes (copied) as `canvas-update`s and sends them when live. */
  private commit(deltas: readonly SceneElement[], timing: GestureTiming | undefined): void {
    const copies = deltas.map((element) => structuredClone(element));
    for (const batch of splitIntoBatches(copies)) {
      const entry = this.outbox.add(this.newEventId(), batch, timingOf(batch, timing));
      if (this.live) this.send(entry);
    }
    this.outboxChanged();
  }

  private outboxChanged(): void {
    if (this.storage) saveOutbox(this.storage, this.storageKey, this.outbox.all());
    if (!this.closed) this.pendingSubject.next(this.outbox.size);
  }

  private send(entry: OutboxEntry): void {
    entry.inFlight = true;
    const attempt = this.joinAttempt;
    this.transport
      .request('canvas-update', {
        canvasId: this.canvasId,
        eventId: entry.eventId,
        elements: entry.elements,
        ...(entry.timing ? { timing: entry.timing } : {}),
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
      if (attempt === this.joinAttempt && this.live && waiting) this.send(entry);
    }, this.retryDelayMs);
  }

  private settle(eventId: string): void {
    if (this.outbox.settle(eventId)) this.outboxChanged();
  }

  private refused(entry: OutboxEntry, error: AckError): void {
    if (RETRYABLE_CODES.has(error.code)) {
      entry.inFlight = false;
      this.scheduleRetry(entry);
      return;
    }
    // The server refused the update for good (too large, not allowed …): resending would not help.
    if (!this.outbox.settle(entry.eventId)) return;
    this.outboxChanged();
    if (!this.closed)
      this.errorSubject.next({ kind: 'update-refused', message: error.message, code: error.code });
  }

  private publishPeers(): void {
    if (!this.closed) this.peersSubject.next(this.peerDirectory.list());
  }
}

/** The part of `timing` about the elements of one batch. */
function timingOf(
  batch: readonly SceneElement[],
  timing: GestureTiming | undefined,
): GestureTiming | undefined {
  if (!timing) return undefined;
  let part: GestureTiming | undefined;
  for (const element of batch) {
    const times = timing[element.id];
    if (times) (part ??= {})[element.id] = times;
  }
  return part;
}
