import type { Observable, Subscription } from 'rxjs';
import type {
  AckError,
  CanvasDeletedMessage,
  InkMessage,
  JoinedCanvas,
} from '@tabula/domain/protocol';
import type { CommittedStream } from './committedStream';
import { collaborationStatus } from './connectionStatus';
import type { CollaborationStatus } from './connectionStatus';
import { JoinLoop } from './joinLoop';
import { followCanvas } from './peerEvents';
import type { Scheduler } from './scheduler';
import type { Transport, TransportStatus } from './Transport';

/** What the connection tells the client. */
export interface LiveConnectionHandlers {
  /** A join answered: show its scene or its changes (the stream is not at its revision yet). */
  apply(data: JoinedCanvas): void;
  /** The canvas is joined on this connection, the stream at the join's revision: go on. */
  live(): void;
  /** The transport is no longer connected, and still counts as live: keep what is in step. */
  dropping(): void;
  /** The transport is no longer connected (`status`; it was `previous`): nothing is live. */
  dropped(status: TransportStatus, previous: TransportStatus): void;
  /** The server refused the canvas for good (no more joins). */
  refused(error: AckError): void;
  /** The status (`LiveConnection.status`) may have changed. */
  changed(): void;
  /** How much of a scene sent in chunks has arrived (0 to 1) while a join loads it. */
  progress(fraction: number): void;
  /** A peer's ink, while live. */
  ink(message: InkMessage): void;
  /** The canvas was deleted. */
  deleted(message: CanvasDeletedMessage): void;
}

/**
 * A client's connection to one canvas: follows the transport's status and the network's, joins
 * the canvas each time the transport connects (`JoinLoop`, catching up from the revision the
 * `CommittedStream` stands at), feeds the stream the canvas's commits (`updated-canvas`), and
 * says whether the canvas is live on this connection, whether it was ever joined
 * (`firstJoin`), and the status that comes to (`status`).
 */
export class LiveConnection {
  private transportStatus: TransportStatus = 'connecting';
  private online = true;
  private wasLive = false;
  private closed = false;
  private readonly joinLoop: JoinLoop;
  private readonly canvasId: string;
  private markJoined: () => void = () => undefined;
  private markClosed: (error: Error) => void = () => undefined;
  /** The canvas is joined on the current connection. */
  live = false;
  /** The canvas was joined once. */
  hasJoined = false;
  /** Resolves at the first join; rejects with the error `close` gives before it. */
  readonly firstJoin: Promise<void>;

  constructor(
    private readonly transport: Transport,
    canvasId: string,
    scheduler: Scheduler,
    retryDelayMs: number,
    private readonly stream: CommittedStream,
    private readonly handlers: LiveConnectionHandlers,
  ) {
    this.canvasId = canvasId;
    this.joinLoop = new JoinLoop(transport, canvasId, scheduler, retryDelayMs, {
      sinceRevision: () => stream.revision ?? undefined,
      joining: () => {
        stream.joining();
        handlers.changed();
      },
      joined: (data) => this.joined(data),
      progress: (fraction) => handlers.progress(fraction),
      refused: (error) => handlers.refused(error),
    });
    this.firstJoin = new Promise<void>((resolve, reject) => {
      this.markJoined = resolve;
      this.markClosed = reject;
    });
    this.firstJoin.catch(() => undefined);
  }

  /** The status from the transport's, the network's and the join's. */
  get status(): CollaborationStatus {
    return collaborationStatus(this.transportStatus, this.live, this.online, this.wasLive);
  }

  /**
   * Follows the canvas's messages and the network at once, and the transport once `ready`
   * settles (the kept outbox is read: its changes go out after the first join).
   */
  follow(online$: Observable<boolean>, ready: Promise<unknown> | null): Subscription {
    const subscriptions = followCanvas(this.transport, this.canvasId, {
      updated: (message) => this.stream.committed(message),
      ink: (message) => {
        if (this.live) this.handlers.ink(message);
      },
      deleted: (message) => this.handlers.deleted(message),
      resync: () => this.resync(),
    });
    subscriptions.add(
      online$.subscribe((online) => {
        this.online = online;
        this.handlers.changed();
      }),
    );
    const follow = () => {
      if (this.closed) return;
      subscriptions.add(
        this.transport.status$.subscribe((status) => this.transportChanged(status)),
      );
    };
    if (ready) void ready.then(follow, follow);
    else follow();
    return subscriptions;
  }

  /** The server says this client fell too far behind: join again for the whole scene. */
  resync(): void {
    if (this.live) this.joinLoop.resync();
  }

  /** No more joins; `error` rejects `firstJoin` if the canvas was never joined. */
  close(error?: Error): void {
    this.closed = true;
    this.live = false;
    if (error) this.markClosed(error);
    this.joinLoop.stop();
  }

  private transportChanged(status: TransportStatus): void {
    if (this.closed) return;
    const previous = this.transportStatus;
    this.transportStatus = status;
    if (status === 'connected') {
      if (previous !== 'connected') this.joinLoop.connected();
      this.handlers.changed();
      return;
    }
    this.handlers.dropping();
    this.live = false;
    this.stream.disconnected();
    this.joinLoop.disconnected();
    this.handlers.dropped(status, previous);
  }

  /** Joined (or re-joined, caught up from the last revision): apply, go live. */
  private joined(data: JoinedCanvas): void {
    if (this.closed) return;
    this.handlers.apply(data);
    this.stream.joined(data.revision);
    this.live = true;
    this.wasLive = true;
    if (!this.hasJoined) {
      this.hasJoined = true;
      this.markJoined();
    }
    this.handlers.live();
  }
}
