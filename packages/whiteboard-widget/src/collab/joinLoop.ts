import type { Subscription } from 'rxjs';
import type {
  AckError,
  JoinCanvasDownload,
  JoinCanvasSnapshot,
  JoinedCanvas,
} from '@tabula/domain/protocol';
import { backoffMs, isRetryable } from './retryPolicy';
import { SceneAssembly } from './sceneAssembly';
import { markOpening } from './openingMarks';
import { downloadScene } from './sceneDownload';
import type { Scheduler } from './scheduler';
import type { Transport } from './Transport';

/** What the join loop tells its owner. */
export interface JoinHandlers {
  /** The revision to catch up from (undefined: the whole scene). */
  sinceRevision(): number | undefined;
  /** A join attempt starts (peers' commits are buffered until it is answered). */
  joining(): void;
  /** The canvas is joined: the snapshot or the changes since `sinceRevision`. */
  joined(data: JoinedCanvas): void;
  /** The server said no for good (`NOT_FOUND`, `FORBIDDEN`, …): the loop stops. */
  refused(error: AckError): void;
  /** How much of a large scene has arrived (0 to 1), as it comes in. */
  progress?(fraction: number): void;
}

/**
 * Joins the canvas each time the transport connects, and keeps trying on the same connection
 * (with doubling waits from `retryDelayMs`) when the ack times out or the server was busy
 * (`RATE_LIMITED`, `INTERNAL`). A drop cancels the attempt; the next connection starts over.
 * A large scene is downloaded over HTTP after a `download` ack when the transport can
 * (`Transport.download`), else it comes as `scene-chunk` messages after a `chunked` ack and is
 * put back together here; a download that fails joins again for chunks. A `resync` answer (too
 * much changed for a catch-up) joins again for the whole scene.
 */
export class JoinLoop {
  private attempt = 0;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private stopped = false;
  /** The next join asks for the whole scene (after `resync`). */
  private wholeScene = false;
  /** Large scenes come as chunks (the transport cannot download, or a download failed). */
  private chunksOnly: boolean;
  /** The attempt whose scene is arriving in chunks, if any. */
  private streaming: number | null = null;
  private readonly assembly = new SceneAssembly();
  private readonly chunks: Subscription;

  constructor(
    private readonly transport: Transport,
    private readonly canvasId: string,
    private readonly scheduler: Scheduler,
    private readonly retryDelayMs: number,
    private readonly handlers: JoinHandlers,
  ) {
    this.chunksOnly = transport.download === undefined;
    this.chunks = transport.events('scene-chunk').subscribe((chunk) => {
      if (chunk.canvasId === this.canvasId && !this.stopped) this.chunkArrived(chunk);
    });
  }

  /** The transport connected: join now. */
  connected(): void {
    this.failures = 0;
    void this.join();
  }

  /** The transport dropped: any attempt under way no longer counts. */
  disconnected(): void {
    this.attempt += 1;
    this.streaming = null;
    this.assembly.reset();
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** The server says this client fell too far behind (`canvas-resync`): join again for the scene. */
  resync(): void {
    if (this.stopped) return;
    this.disconnected();
    this.wholeScene = true;
    void this.join();
  }

  /** No more attempts. */
  stop(): void {
    this.stopped = true;
    this.chunks.unsubscribe();
    this.disconnected();
  }

  private async join(): Promise<void> {
    if (this.stopped) return;
    const attempt = ++this.attempt;
    this.streaming = null;
    this.assembly.reset();
    this.handlers.joining();
    markOpening('join-sent');
    let result;
    try {
      result = await this.transport.request('join-canvas', {
        canvasId: this.canvasId,
        sinceRevision: this.wholeScene ? undefined : this.handlers.sinceRevision(),
        ...(this.chunksOnly ? {} : { download: true }),
      });
    } catch {
      // A drop is handled by `disconnected`; a timeout on this connection tries again.
      if (attempt === this.attempt && !this.stopped) this.retryLater(attempt);
      return;
    }
    if (attempt !== this.attempt || this.stopped) return;
    markOpening('join-answered');
    if (!result.ok) {
      if (isRetryable(result.error.code)) this.retryLater(attempt);
      else {
        this.stopped = true;
        this.handlers.refused(result.error);
      }
      return;
    }
    const data = result.data;
    if (data.kind === 'resync') {
      this.wholeScene = true;
      void this.join();
    } else if (data.kind === 'download') {
      void this.download(attempt, data);
    } else if (data.kind === 'chunked') {
      this.streaming = attempt;
      this.assembled(this.assembly.expect(data));
    } else this.done(data);
  }

  private async download(attempt: number, answer: JoinCanvasDownload): Promise<void> {
    const current = () => attempt === this.attempt && !this.stopped;
    let scene: JoinCanvasSnapshot;
    try {
      scene = await downloadScene(this.transport.download!.bind(this.transport), answer, (f) => {
        if (current()) this.handlers.progress?.(f);
      });
    } catch {
      if (!current()) return;
      // Refused (used, expired, another node) or cut short: the socket carries it instead.
      this.chunksOnly = true;
      this.wholeScene = true;
      void this.join();
      return;
    }
    if (current()) this.done(scene);
  }

  private chunkArrived(chunk: Parameters<SceneAssembly['add']>[0]): void {
    const outcome = this.assembly.add(chunk);
    if (outcome !== 'ignored' && this.streaming === this.attempt) this.assembled(outcome);
  }

  private assembled(outcome: JoinCanvasSnapshot | 'incomplete' | 'broken'): void {
    if (outcome === 'incomplete') {
      const progress = this.assembly.progress;
      if (progress !== null) this.handlers.progress?.(progress);
      return;
    }
    this.streaming = null;
    if (outcome === 'broken') {
      // A chunk went missing (it never should on one connection): ask for the scene again.
      this.wholeScene = true;
      void this.join();
    } else this.done(outcome);
  }

  private done(data: JoinedCanvas): void {
    markOpening('scene-received');
    this.failures = 0;
    this.wholeScene = false;
    this.handlers.joined(data);
  }

  private retryLater(attempt: number): void {
    this.failures += 1;
    this.cancelRetry = this.scheduler.schedule(
      () => {
        this.cancelRetry = null;
        if (attempt === this.attempt && !this.stopped) void this.join();
      },
      backoffMs(this.retryDelayMs, this.failures),
    );
  }
}
