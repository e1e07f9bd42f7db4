import type { AckError, JoinCanvasResult } from '@tabula/domain/protocol';
import { backoffMs, isRetryable } from './outboxSender';
import type { Scheduler } from './scheduler';
import type { Transport } from './Transport';

/** What the join loop tells its owner. */
export interface JoinHandlers {
  /** The revision to catch up from (undefined: the whole scene). */
  sinceRevision(): number | undefined;
  /** A join attempt starts (peers' commits are buffered until it is answered). */
  joining(): void;
  /** The canvas is joined: the snapshot or the changes since `sinceRevision`. */
  joined(data: JoinCanvasResult): void;
  /** The server said no for good (`NOT_FOUND`, `FORBIDDEN`, …): the loop stops. */
  refused(error: AckError): void;
}

/**
 * Joins the canvas each time the transport connects, and keeps trying on the same connection
 * (with doubling waits from `retryDelayMs`) when the ack times out or the server was busy
 * (`RATE_LIMITED`, `INTERNAL`). A drop cancels the attempt; the next connection starts over.
 */
export class JoinLoop {
  private attempt = 0;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly transport: Transport,
    private readonly canvasId: string,
    private readonly scheduler: Scheduler,
    private readonly retryDelayMs: number,
    private readonly handlers: JoinHandlers,
  ) {}

  /** The transport connected: join now. */
  connected(): void {
    this.failures = 0;
    void this.join();
  }

  /** The transport dropped: any attempt under way no longer counts. */
  disconnected(): void {
    this.attempt += 1;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** No more attempts. */
  stop(): void {
    this.stopped = true;
    this.disconnected();
  }

  private async join(): Promise<void> {
    if (this.stopped) return;
    const attempt = ++this.attempt;
    this.handlers.joining();
    let result;
    try {
      result = await this.transport.request('join-canvas', {
        canvasId: this.canvasId,
        sinceRevision: this.handlers.sinceRevision(),
      });
    } catch {
      // A drop is handled by `disconnected`; a timeout on this connection tries again.
      if (attempt === this.attempt && !this.stopped) this.retryLater(attempt);
      return;
    }
    if (attempt !== this.attempt || this.stopped) return;
    if (result.ok) {
      this.failures = 0;
      this.handlers.joined(result.data);
    } else if (isRetryable(result.error.code)) {
      this.retryLater(attempt);
    } else {
      this.stopped = true;
      this.handlers.refused(result.error);
    }
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
