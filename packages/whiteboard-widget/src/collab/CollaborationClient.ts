import { Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { AckError, JoinedCanvas } from '@tabula/domain/protocol';
import { createDeltaTracker } from '../scene/deltaTracker';
import type { EditingState } from '../scene/editingIds';
import type { BoardView } from './boardView';
import { ClientSignals } from './clientSignals';
import { ClearNotices, undeleted } from './clearNotices';
import { ClientClosedError, JoinRefusedError, PREVIEW_TIMEOUT_MS } from './collaborationOptions';
import { CommittedStream } from './committedStream';
import type { CollaborationClientOptions, CollaborationError } from './collaborationOptions';
import { browserOnline, collaborationStatus } from './connectionStatus';
import type { CollaborationStatus } from './connectionStatus';
import type { ImageFiles } from './fileTransport';
import { ImageSync } from './imageSync';
import { JoinLoop } from './joinLoop';
import { LocalChanges } from './localChanges';
import { outboxKey } from './outbox';
import type { OutboxEntry } from './outbox';
import { OutboxSender } from './outboxSender';
import { clientPersistence, offlineSignals } from './persistence/clientPersistence';
import type { ClientPersistence } from './persistence/clientPersistence';
import type { KeptFile } from './persistence/CanvasPersistence';
import type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from './persistence/offlineState';
import { followCanvas, followPeers } from './peerEvents';
import type { RemotePeer } from './peers';
import { LivePeerActivity } from './livePeerActivity';
import { LiveSignals } from './liveSignals';
import { RemoteScene } from './remoteScene';
import { systemScheduler } from './scheduler';
import type { Scheduler } from './scheduler';
import type { Transport, TransportStatus } from './Transport';

/**
 * The one client sync engine of a canvas, over a `Transport`, without any UI framework; a
 * facade over its parts: the join loop (`JoinLoop`), the revision caught up to
 * (`CommittedStream`), the outbox (`OutboxSender`), peers' changes and previews
 * (`RemoteScene`), peers' cursors and elements in progress (`LivePeerActivity`) and the local
 * user's changes, ink and gesture timing (`LocalChanges`, `LiveSignals`).
 *
 * - `start()` joins the canvas; `initialScene()` resolves with the scene to mount the editor
 *   with; `attach(view)` and `viewChanged(elements, appState)` connect the editor.
 * - Local changes are found by version (delta tracking). Elements being drawn, typed, dragged
 *   or resized go out as volatile `ink` at most every `MIN_INK_INTERVAL_MS` (freedraw as point patches);
 *   when the gesture ends they are committed with `canvas-update` and their `timing`, one at a
 *   time and in order, kept (and in `outboxStorage`) until acknowledged.
 * - Element types the server refuses (embeds) are neither sent nor committed: they count in
 *   `notSaved$`, as do changes the server refused.
 * - Peers' commits reach the editor in one update per animation frame; their ink (new shapes)
 *   and cursors go to the board's peer layer (`peerActivity`), never through the editor.
 * - With `persistence`, the canvas is kept on the device (`persistence/`): its kept scene opens
 *   at once, the outbox is the device's shared one, and `offline$`, `storage$` and
 *   `refusedOffline$` tell the host about the copy.
 */
export class CollaborationClient {
  private readonly transport: Transport;
  private readonly canvasId: string;
  private readonly scheduler: Scheduler;
  private readonly online$: Observable<boolean>;
  private readonly tracker = createDeltaTracker();
  private readonly local: LocalChanges;
  private readonly remote: RemoteScene;
  private readonly sender: OutboxSender;
  private readonly joinLoop: JoinLoop;
  private readonly images: ImageSync | null;
  private readonly outgoing: LiveSignals;
  private readonly subscriptions = new Subscription();
  private readonly signals = new ClientSignals();
  private readonly joinedOnce: Promise<void>;
  /** The canvas as kept on the device (`options.persistence`), else null. */
  private readonly kept: ClientPersistence | null;
  /** Resolves once a kept scene is ready to show (never, when none is kept). */
  private readonly keptShown: Promise<void>;
  private keptFiles: KeptFile[] = [];
  private shownKept = false;
  private markJoined: () => void = () => undefined;
  private markClosed: (error: Error) => void = () => undefined;

  private view: BoardView | null = null;
  private viewReady = false;
  /** The scene the editor last reported (to remount an editor with). */
  private lastScene: readonly SceneElement[] = [];
  private initial: Promise<SceneElement[]> | null = null;
  private hasJoined = false;
  private transportStatus: TransportStatus = 'connecting';
  private online = true;
  private live = false;
  private wasLive = false;
  private closed = false;
  private started = false;
  private readonly stream: CommittedStream;

  /** Connection and join state. */
  readonly status$: Observable<CollaborationStatus> = this.signals.status$;
  /** Everyone else on the canvas: it changes as people come and go (or are first seen
   * pointing), not as pointers move (live pointers: `peerActivity`). */
  readonly peers$: Observable<RemotePeer[]> = this.signals.peers$;
  /** How much of a scene sent in chunks has arrived (0 to 1) while a join loads it, else null. */
  readonly loadProgress$: Observable<number | null> = this.signals.loadProgress$;
  /** Peers' cursors and elements in progress, for `<Whiteboard peerActivity>` (its peer layer). */
  readonly peerActivity: LivePeerActivity;
  /** Refusals, a deleted canvas, an ended session. */
  readonly errors$: Observable<CollaborationError> = this.signals.errors$;
  /** How many local updates wait for an ack (every change: 0 → 1 → 0 on each commit). */
  readonly pending$: Observable<number> = this.signals.pending$;
  /** The changes waiting to show the user: while not live, or once one waited over a second. */
  readonly waiting$: Observable<number> = this.signals.waiting$;
  /** Elements that are not saved: of a type the server refuses, or in a refused change. */
  readonly notSaved$: Observable<number> = this.signals.notSaved$;
  /** True once the joined scene is on the attached editor. */
  readonly loaded$: Observable<boolean> = this.signals.loaded$;
  /** "<name> cleared the canvas" with its Undo, or a refused clear (`clearNotices.ts`). */
  readonly clearing: ClearNotices;
  /** The device's copy of the canvas: kept (and last synced when), or not available offline. */
  readonly offline$: Observable<OfflineState>;
  /** How full the device's storage is (null until known, or without persistence). */
  readonly storage$: Observable<DeviceStorageState | null>;
  /** Changes made offline that the server refused on reconnect, to offer for export. */
  readonly refusedOffline$: Observable<RefusedOfflineChanges>;

  constructor(options: CollaborationClientOptions) {
    this.transport = options.transport;
    this.canvasId = options.canvasId;
    this.scheduler = options.scheduler ?? systemScheduler;
    this.online$ = options.online$ ?? browserOnline();
    const retryDelayMs = options.retryDelayMs ?? 1000;
    this.remote = new RemoteScene(
      this.tracker,
      this.scheduler,
      options.previewTimeoutMs ?? PREVIEW_TIMEOUT_MS,
      options.requestFrame,
      () => this.peerActivity.previewsChanged(),
    );
    this.peerActivity = new LivePeerActivity(
      options.userId,
      () => this.remote.overlay(),
      (peers) => this.signals.setPeers(peers),
      options.requestFrame,
    );
    this.stream = new CommittedStream((elements) => this.remote.committed(elements));
    this.kept = clientPersistence(options, this.scheduler, () => void this.sender.reload());
    ({
      offline$: this.offline$,
      storage$: this.storage$,
      refusedOffline$: this.refusedOffline$,
    } = offlineSignals(this.kept));
    this.local = new LocalChanges(this.tracker, (id) => this.remote.isPreview(id));
    this.sender = new OutboxSender({
      transport: this.transport,
      canvasId: this.canvasId,
      scheduler: this.scheduler,
      newEventId: options.newEventId ?? (() => crypto.randomUUID()),
      retryDelayMs,
      storage: options.outboxStorage,
      storageKey: outboxKey(options.userId, options.canvasId),
      onChange: () => this.outboxChanged(),
      onRefused: (entry, error) => this.updateRefused(entry, error),
      kept: this.kept?.outbox,
      onKeepFailed: () => this.kept?.canvas.keepFailed(),
    });
    this.joinLoop = new JoinLoop(this.transport, this.canvasId, this.scheduler, retryDelayMs, {
      sinceRevision: () => this.stream.revision ?? undefined,
      joining: () => {
        this.stream.joining();
        this.publishStatus();
      },
      joined: (data) => this.joined(data),
      progress: (fraction) => this.signals.setLoadProgress(fraction),
      refused: (error) => this.joinRefused(error),
    });
    this.images = options.files
      ? new ImageSync({
          transport: options.files,
          canvasId: this.canvasId,
          scheduler: this.scheduler,
          retryDelayMs,
          addFiles: (files) => {
            this.kept?.canvas.keepFiles(files, true);
            this.view?.addFiles?.(files);
          },
          uploaded: (file) => this.kept?.canvas.fileUploaded(file),
          refused: (_fileId, message) =>
            this.signals.error({ kind: 'update-refused', message, code: 'FILE_REFUSED' }),
        })
      : null;
    this.outgoing = new LiveSignals(
      this.transport,
      this.canvasId,
      this.scheduler,
      this.local,
      () => this.live,
      options,
    );
    this.clearing = new ClearNotices(this.transport, this.canvasId);
    this.joinedOnce = new Promise<void>((resolve, reject) => {
      this.markJoined = resolve;
      this.markClosed = reject;
    });
    this.joinedOnce.catch(() => undefined);
    this.keptShown = this.restoreKept();
    this.signals.setPending(this.sender.size);
    this.signals.setWaiting(this.sender.size, 0, false, this.scheduler, () => undefined);
  }

  /** Subscribes to the transport and joins the canvas whenever it is connected. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.clearing.start();
    this.subscriptions.add(
      followCanvas(this.transport, this.canvasId, {
        updated: (message) => this.stream.committed(message),
        ink: (message) => {
          if (this.live) this.remote.ink(message);
        },
        deleted: (message) =>
          this.signals.error({ kind: 'canvas-deleted', message: message.message }),
        resync: () => {
          if (this.live) this.joinLoop.resync();
        },
      }),
    );
    this.subscriptions.add(
      followPeers(this.transport, this.canvasId, this.peerActivity.directory, {
        changed: () => this.publishPeers(),
        // A peer left or disconnected: their previews go.
        gone: (userId) => {
          this.publishPeers();
          this.remote.dropPreviews(userId);
        },
      }),
    );
    this.subscriptions.add(
      this.online$.subscribe((online) => {
        this.online = online;
        this.publishStatus();
      }),
    );
    // With a kept canvas, the first join catches up from the kept revision.
    const restored = this.kept
      ? Promise.all([this.kept.canvas.restored, this.sender.restored])
      : null;
    const follow = () => {
      if (this.closed) return;
      this.subscriptions.add(
        this.transport.status$.subscribe((status) => this.onTransportStatus(status)),
      );
    };
    if (restored) void restored.then(follow, follow);
    else follow();
  }

  /**
   * The scene to mount the editor with: resolves once the canvas is joined (the joined scene,
   * with the unsent changes kept in `outboxStorage`), or at once with what the last editor held;
   * with `persistence`, as soon as a kept scene is read (the kept outbox on top).
   * Rejects with `JoinRefusedError` when the server refuses the canvas, and with
   * `ClientClosedError` when the client is disposed before joining.
   */
  initialScene(): Promise<SceneElement[]> {
    this.initial ??= Promise.race([this.joinedOnce, this.keptShown]).then(() => {
      const scene = reconcile(this.lastScene, [
        ...this.remote.takeWaiting(),
        ...this.sender.entries().flatMap((entry) => entry.elements),
      ]);
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
    this.remote.setView(null);
    if (!view) {
      this.initial = null;
      this.signals.setLoaded(false);
      return;
    }
    if (view.isReady()) {
      // An editor that already shows a scene (a new client for a mounted board): that scene
      // is not a change of ours.
      this.tracker.markSeen(view.getSceneElements());
      this.onViewReady();
    }
  }

  /**
   * The editor's scene changed (`<Whiteboard onChange>`): find and send local changes, and
   * upload or fetch the image files of its elements (`files`: the editor's).
   */
  viewChanged(elements: readonly SceneElement[], appState: EditingState, files?: ImageFiles): void {
    if (this.closed) return;
    if (this.view?.addFiles) this.images?.sceneChanged(elements, files);
    this.kept?.canvas.keepFiles(files);
    this.lastScene = elements;
    if (this.view && !this.viewReady) this.onViewReady();
    const report = this.local.report(elements, appState, this.scheduler.now());
    if (report.commit.length > 0) this.sender.add(report.commit, report.timing);
    if (report.notSavedChanged) this.signals.setNotSaved(this.local.notSavedCount);
    this.remote.setEditing(report.editing, report.ended);
    if (report.inkChanged) this.outgoing.inkChanged();
    this.keepScene();
  }

  /** The local pointer moved (scene coordinates); sent at most 30 times a second. */
  movePointer(pointer: { x: number; y: number; tool?: string }): void {
    if (!this.closed) this.outgoing.pointer(pointer);
  }

  /** The last revision of the canvas this client has caught up to (`null` before the first join). */
  get revision(): number | null {
    return this.stream.revision;
  }

  /** Number of local updates waiting for an ack. */
  get pendingCount(): number {
    return this.sender.size;
  }

  /** Current status. */
  get status(): CollaborationStatus {
    return this.signals.currentStatus;
  }

  /** Stops listening and closes nothing else (the transport belongs to the caller). */
  dispose(): void {
    if (this.closed) return;
    // Keeps the scene as it is now, while still in step.
    this.kept?.canvas.close();
    this.closed = true;
    this.live = false;
    this.markClosed(new ClientClosedError());
    this.close();
  }

  private close(): void {
    this.closed = true;
    this.live = false;
    this.joinLoop.stop();
    this.sender.close();
    this.images?.dispose();
    this.remote.dispose();
    this.peerActivity.dispose();
    this.outgoing.cancel();
    this.subscriptions.unsubscribe();
    this.clearing.dispose();
    this.kept?.canvas.close();
    this.signals.close();
  }

  private onViewReady(): void {
    this.viewReady = true;
    this.initial = null;
    this.remote.setView(this.view);
    if (this.keptFiles.length > 0) this.view?.addFiles?.(this.keptFiles);
    this.updateLoaded();
  }

  private updateLoaded(): void {
    if ((this.hasJoined || this.shownKept) && this.viewReady && !this.closed)
      this.signals.setLoaded(true);
  }

  /**
   * Reads the kept canvas: its scene becomes the one to mount the editor with (the kept
   * outbox goes on top in `initialScene`), its revision the one the first join catches up
   * from, its files the editor's. Resolves only when a scene is kept.
   */
  private async restoreKept(): Promise<void> {
    if (!this.kept) return new Promise<void>(() => undefined);
    const { scene, files } = await this.kept.canvas.restored;
    this.keptFiles = files;
    this.images?.uploadedBefore(files.filter((file) => file.uploaded).map((file) => file.id));
    if (!scene || this.closed || this.hasJoined) return new Promise<void>(() => undefined);
    if (!this.view) this.lastScene = scene.elements;
    this.stream.resumeFrom(scene.revision);
    this.shownKept = true;
    this.updateLoaded();
  }

  /** While live and in step with the server, the editor's scene is kept (see `KeptCanvas`). */
  private keepScene(): void {
    if (!this.kept || !this.live) return;
    this.kept.canvas.sceneSynced(() => {
      const revision = this.stream.revision;
      if (!this.live || !this.viewReady || revision === null || !this.remote.settled()) return null;
      return { elements: this.lastScene, revision };
    });
  }

  private publishStatus(): void {
    if (this.closed) return;
    const status = collaborationStatus(this.transportStatus, this.live, this.online, this.wasLive);
    this.signals.setStatus(status);
    this.kept?.canvas.connection(status === 'offline', this.hasJoined);
    this.publishWaiting();
  }

  private onTransportStatus(status: TransportStatus): void {
    if (this.closed) return;
    const previous = this.transportStatus;
    this.transportStatus = status;
    if (status === 'connected') {
      if (previous !== 'connected') this.joinLoop.connected();
      this.publishStatus();
      return;
    }
    // The last scene in step with the server is kept before the connection's state goes.
    this.kept?.canvas.flushScene();
    this.live = false;
    this.stream.disconnected();
    this.joinLoop.disconnected();
    this.sender.disconnected();
    this.outgoing.cancel();
    // Peers may miss any ink meanwhile: the next gesture starts with whole elements.
    this.local.connectionLost();
    this.remote.dropPreviews();
    this.publishStatus();
    if (status === 'unauthorized' && previous !== 'unauthorized')
      this.signals.error({
        kind: 'signed-out',
        message: 'The session has ended; sign in again to send the changes kept here.',
      });
  }

  /** Joined (or re-joined, caught up from the last revision): apply, go live, resend. */
  private joined(data: JoinedCanvas): void {
    if (this.closed) return;
    if (data.kind === 'snapshot') this.remote.apply(data.elements);
    else this.remote.apply(data.changes.flatMap((change) => change.elements));
    this.signals.setLoadProgress(null);
    this.stream.joined(data.revision);
    this.live = true;
    this.wasLive = true;
    if (!this.hasJoined) {
      this.hasJoined = true;
      this.markJoined();
    }
    this.publishStatus();
    this.updateLoaded();
    this.sender.joined();
    this.keepScene();
  }

  /** The server said no to the canvas for good: the engine closes (the board must not stay editable). */
  private joinRefused(error: AckError): void {
    this.signals.error({ kind: 'join-refused', message: error.message, code: error.code });
    this.kept?.canvas.joinRefused(error, this.sender.entries());
    this.markClosed(new JoinRefusedError(error.code, error.message));
    this.close();
  }

  private outboxChanged(): void {
    if (this.closed) return;
    this.signals.setPending(this.sender.size);
    this.publishWaiting();
  }

  /** "n changes waiting" (see `ClientSignals.setWaiting`). */
  private publishWaiting(): void {
    if (this.closed) return;
    const { size } = this.sender;
    this.signals.setWaiting(size, this.sender.oldestWait(), this.live, this.scheduler, () =>
      this.publishWaiting(),
    );
  }

  private updateRefused(entry: OutboxEntry, error: AckError): void {
    if (this.closed) return;
    if (this.clearing.refusedClear(entry.elements, error)) {
      // Nothing was stored: the board shows the elements again, as the server holds them.
      this.view?.updateScene((scene) => undeleted(scene, entry.elements));
      return;
    }
    this.local.refused(entry.elements);
    this.signals.setNotSaved(this.local.notSavedCount);
    this.signals.error({ kind: 'update-refused', message: error.message, code: error.code });
  }

  private publishPeers(): void {
    if (!this.closed) this.peerActivity.peersChanged();
  }
}
