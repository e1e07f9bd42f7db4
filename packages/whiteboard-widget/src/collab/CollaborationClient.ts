import { Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
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
import { browserOnline, joinCanAnswer } from './connectionStatus';
import type { CollaborationStatus } from './connectionStatus';
import type { ImageFiles } from './fileTransport';
import type { ImageSync } from './imageSync';
import { clientImages } from './clientImages';
import { EditorLink } from './editorLink';
import { LiveConnection } from './liveConnection';
import { LocalChanges } from './localChanges';
import { outboxKey } from './outbox';
import type { OutboxEntry } from './outbox';
import { OutboxSender } from './outboxSender';
import { KeptCopy } from './keptCopy';
import { markOpening } from './openingMarks';
import type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from './persistence/offlineState';
import { followPeers } from './peerEvents';
import type { RemotePeer } from './peers';
import { LivePeerActivity } from './livePeerActivity';
import { LiveSignals } from './liveSignals';
import { RemoteScene } from './remoteScene';
import { systemScheduler } from './scheduler';
import { StatusReport } from './statusReport';
import type { Scheduler } from './scheduler';
import type { Transport, TransportStatus } from './Transport';

/**
 * The one client sync engine of a canvas, over a `Transport`, without any UI framework; a
 * facade over its parts: the connection and its joins (`LiveConnection`), the revision caught
 * up to (`CommittedStream`), the outbox (`OutboxSender`), peers' changes and previews
 * (`RemoteScene`), peers' cursors and elements in progress (`LivePeerActivity`), the local
 * user's changes, ink and gesture timing (`LocalChanges`, `LiveSignals`), the editor
 * (`EditorLink`), the copy kept on the device (`KeptCopy`), image files (`clientImages`) and
 * what the host is told (`StatusReport`).
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
  private readonly connection: LiveConnection;
  private readonly images: ImageSync | null;
  private readonly outgoing: LiveSignals;
  private readonly subscriptions = new Subscription();
  private readonly signals = new ClientSignals();
  /** The canvas as kept on the device (`options.persistence`). */
  private readonly kept: KeptCopy;
  private readonly editor: EditorLink;
  private readonly report: StatusReport;
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
    this.kept = new KeptCopy(options, this.scheduler, () => void this.sender.reload());
    this.offline$ = this.kept.offline$;
    this.storage$ = this.kept.storage$;
    this.refusedOffline$ = this.kept.refusedOffline$;
    this.local = new LocalChanges(this.tracker, (id) => this.remote.isPreview(id));
    this.sender = new OutboxSender({
      transport: this.transport,
      canvasId: this.canvasId,
      scheduler: this.scheduler,
      newEventId: options.newEventId ?? (() => crypto.randomUUID()),
      retryDelayMs,
      storage: options.outboxStorage,
      storageKey: outboxKey(options.userId, options.canvasId),
      onChange: () => this.report.outbox(),
      onRefused: (entry, error) => this.updateRefused(entry, error),
      onStored: (revision) => {
        this.stream.acked(revision);
        // The scene is in step at a new revision: that one is kept (see `KeptCanvas`).
        this.keepScene();
      },
      // Another tab's changes in the device's shared outbox: shown here as a peer's would be.
      onKeptByOthers: (elements) => this.remote.apply(elements),
      kept: this.kept.outbox,
      onKeepFailed: () => this.kept.canvas?.keepFailed(),
    });
    this.connection = new LiveConnection(
      this.transport,
      this.canvasId,
      this.scheduler,
      retryDelayMs,
      this.stream,
      {
        apply: (data) => this.apply(data),
        live: () => this.wentLive(),
        // The last scene in step with the server is kept before the connection's state goes.
        dropping: () => this.kept.canvas?.flushScene(),
        dropped: (status, previous) => this.dropped(status, previous),
        refused: (error) => this.joinRefused(error),
        changed: () => {
          this.kept.connectionChanged();
          this.report.status();
        },
        progress: (fraction) => this.signals.setLoadProgress(fraction),
        ink: (message) => this.remote.ink(message),
        deleted: ({ message }) => this.signals.error({ kind: 'canvas-deleted', message }),
      },
    );
    this.images = clientImages(options, this.scheduler, retryDelayMs, {
      kept: this.kept,
      view: () => this.editor.view,
      error: (error) => this.signals.error(error),
    });
    this.outgoing = new LiveSignals(
      this.transport,
      this.canvasId,
      this.scheduler,
      this.local,
      () => this.connection.live,
      options,
    );
    this.clearing = new ClearNotices(this.transport, this.canvasId);
    this.editor = new EditorLink(
      this.tracker,
      () => Promise.race([this.connection.firstJoin, this.kept.shownScene]),
      {
        unseen: () => [
          ...this.remote.takeWaiting(),
          ...this.sender.entries().flatMap((entry) => entry.elements),
        ],
        ready: (view) => {
          this.remote.setView(view);
          if (!view) return;
          if (this.kept.files.length > 0) view.addFiles?.(this.kept.files);
          this.report.loaded();
        },
        detached: () => this.signals.setLoaded(false),
      },
    );
    this.report = new StatusReport(this.signals, this.scheduler, {
      connection: this.connection,
      sender: this.sender,
      kept: this.kept,
      editor: this.editor,
      closed: () => this.closed,
    });
    void this.kept.restore({
      files: (files) =>
        this.images?.uploadedBefore(files.filter((file) => file.uploaded).map((file) => file.id)),
      wanted: () => !this.closed && !this.connection.hasJoined,
      showable: () => !joinCanAnswer(this.connection.status),
      show: (elements, revision) => {
        // An editor attached but not showing a scene yet mounts with it (a host may attach
        // one before the kept scene is read).
        if (!this.editor.ready) this.editor.lastScene = elements;
        this.stream.resumeFrom(revision);
        this.report.loaded();
      },
    });
    this.signals.setPending(this.sender.size);
    this.signals.setWaiting(this.sender.size, 0, false, this.scheduler, () => undefined);
  }

  /** Subscribes to the transport and joins the canvas whenever it is connected. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    markOpening('started');
    this.clearing.start();
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
    // With a kept canvas, the first join waits for the kept outbox (its changes are sent then).
    const restored = this.kept.read(this.sender.restored);
    this.subscriptions.add(this.connection.follow(this.online$, restored));
  }

  /**
   * The scene to mount the editor with: resolves once the canvas is joined (the joined scene,
   * with the unsent changes kept in `outboxStorage`), or at once with what the last editor held;
   * with `persistence`, as soon as a kept scene is read (the kept outbox on top).
   * Rejects with `JoinRefusedError` when the server refuses the canvas, and with
   * `ClientClosedError` when the client is disposed before joining.
   */
  initialScene(): Promise<SceneElement[]> {
    return this.editor.initialScene();
  }

  /** Connects the editor (`null` when it goes away). */
  attach(view: BoardView | null): void {
    this.editor.attach(view);
  }

  /**
   * The editor's scene changed (`<Whiteboard onChange>`): find and send local changes, and
   * upload or fetch the image files of its elements (`files`: the editor's).
   */
  viewChanged(elements: readonly SceneElement[], appState: EditingState, files?: ImageFiles): void {
    if (this.closed) return;
    if (this.editor.view?.addFiles) this.images?.sceneChanged(elements, files);
    this.kept.canvas?.keepFiles(files);
    this.editor.reported(elements);
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
    this.kept.canvas?.close();
    this.closed = true;
    this.connection.close(new ClientClosedError());
    this.close();
  }

  private close(): void {
    this.closed = true;
    this.connection.close();
    this.sender.close();
    this.images?.dispose();
    this.remote.dispose();
    this.peerActivity.dispose();
    this.outgoing.cancel();
    this.subscriptions.unsubscribe();
    this.clearing.dispose();
    this.kept.canvas?.close();
    this.signals.close();
  }

  /** While live and in step with the server, the editor's scene is kept (see `KeptCanvas`). */
  private keepScene(): void {
    if (!this.connection.live) return;
    this.kept.keep(() => {
      const revision = this.stream.revision;
      // In step with the server, and not mid-gesture (the copy would hold a half-drawn element).
      if (!this.connection.live || !this.editor.ready || revision === null) return null;
      if (!this.remote.settled() || this.local.editingNow) return null;
      return { elements: this.editor.lastScene, revision };
    });
  }

  /** The connection went: nothing is in flight or in progress any more. */
  private dropped(status: TransportStatus, previous: TransportStatus): void {
    this.sender.disconnected();
    this.outgoing.cancel();
    // Peers may miss any ink meanwhile: the next gesture starts with whole elements.
    this.local.connectionLost();
    this.remote.dropPreviews();
    this.report.status();
    if (status === 'unauthorized' && previous !== 'unauthorized')
      this.signals.error({
        kind: 'signed-out',
        message: 'The session has ended; sign in again to send the changes kept here.',
      });
  }

  /** A join's scene, or the changes since the revision caught up to. */
  private apply(data: JoinedCanvas): void {
    if (data.kind === 'snapshot') this.remote.apply(data.elements);
    else this.remote.apply(data.changes.flatMap((change) => change.elements));
    this.signals.setLoadProgress(null);
    markOpening('applied');
  }

  /** Joined (or re-joined, caught up from the last revision): live, resend. */
  private wentLive(): void {
    this.report.status();
    this.report.loaded();
    this.sender.joined();
    this.keepScene();
  }

  /** The server said no to the canvas for good: the engine closes (the board must not stay editable). */
  private joinRefused(error: AckError): void {
    this.signals.error({ kind: 'join-refused', message: error.message, code: error.code });
    this.kept.canvas?.joinRefused(error, this.sender.entries());
    this.connection.close(new JoinRefusedError(error.code, error.message));
    this.close();
  }

  private updateRefused(entry: OutboxEntry, error: AckError): void {
    if (this.closed) return;
    if (this.clearing.refusedClear(entry.elements, error)) {
      // Nothing was stored: the board shows the elements again, as the server holds them.
      this.editor.view?.updateScene((scene) => undeleted(scene, entry.elements));
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
