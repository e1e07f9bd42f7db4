import { MIN_INK_INTERVAL_MS, POINTER_INTERVAL_MS } from './collaborationOptions';
import type { LocalChanges } from './localChanges';
import type { Scheduler } from './scheduler';
import { Throttle } from './throttle';
import type { Transport } from './Transport';

/** A pointer position to send (scene coordinates). */
export interface OutgoingPointer {
  x: number;
  y: number;
  tool?: string;
}

/**
 * The local user's volatile messages while live: the pointer at most every
 * `pointerIntervalMs`, and ink (the elements in progress, from `LocalChanges.nextInk`) at most
 * every `inkIntervalMs`, held back while the transport could not write it.
 */
export class LiveSignals {
  private readonly pointerThrottle: Throttle<OutgoingPointer>;
  private readonly inkThrottle: Throttle<null>;

  constructor(
    private readonly transport: Transport,
    private readonly canvasId: string,
    scheduler: Scheduler,
    private readonly local: LocalChanges,
    private readonly isLive: () => boolean,
    intervals: { pointerIntervalMs?: number; inkIntervalMs?: number },
  ) {
    this.pointerThrottle = new Throttle(
      intervals.pointerIntervalMs ?? POINTER_INTERVAL_MS,
      scheduler,
      (pointer) => {
        if (this.isLive()) this.transport.pointer({ canvasId: this.canvasId, ...pointer });
      },
    );
    this.inkThrottle = new Throttle(intervals.inkIntervalMs ?? MIN_INK_INTERVAL_MS, scheduler, () =>
      this.sendInk(),
    );
  }

  /** The local pointer moved. */
  pointer(pointer: OutgoingPointer): void {
    this.pointerThrottle.push({ ...pointer });
  }

  /** The local elements in progress changed: ink goes out soon. */
  inkChanged(): void {
    if (this.isLive()) this.inkThrottle.push(null);
  }

  /** Not live any more: nothing waiting goes out. */
  cancel(): void {
    this.pointerThrottle.cancel();
    this.inkThrottle.cancel();
  }

  private sendInk(): void {
    if (!this.isLive()) return;
    if (this.transport.inkWritable?.() === false) {
      // It would be dropped and yet counted as sent: try again next frame, from what peers have.
      this.inkThrottle.push(null);
      return;
    }
    const payload = this.local.nextInk(this.canvasId);
    if (payload) this.transport.ink(payload);
  }
}
