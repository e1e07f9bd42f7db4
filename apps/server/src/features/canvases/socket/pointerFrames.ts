/**
 * Cursors, coalesced per frame: a socket's first `pointer` of a frame (`frameMs`, 16 by
 * default) goes out at once, as the spec's `pointer-moved`, to the rest of the canvas's room
 * (every node: the adapter carries it); later ones in the same frame are held and only the
 * latest goes out when the frame ends. So a receiver gets each peer's pointer at most twice per
 * frame however fast the peers send, and a pointer never waits longer than a frame.
 *
 * While a pointer moves its messages are volatile, like the `pointer` they carry: dropped
 * rather than queued for a socket that cannot take one now (a write to it still under way), as
 * the next move replaces them anyway. Once a pointer rests for a whole frame, where it stopped
 * goes out once more, not volatile: so every receiver shows a cursor where it stopped, however
 * many of the moves before were dropped.
 */
import type { PointerMoved } from '@tabula/domain/protocol';
import type { AppSocket } from '../../../realtime/socketTypes';
import { rooms } from '../../../realtime/socketTypes';

type Namespace = AppSocket['nsp'];

export const POINTER_FRAME_MS = 16;

const frames = new WeakMap<Namespace, PointerFrames>();

export class PointerFrames {
  /** Per socket id, its latest pointer of this frame not sent yet. */
  private pending = new Map<string, PointerMoved>();
  /** The sockets whose pointer went out in this frame. */
  private sent = new Set<string>();
  /** Per socket id, its latest pointer sent volatile only: it goes out again once at rest. */
  private unsettled = new Map<string, PointerMoved>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Callers of `settled()` waiting for the frames to run out. */
  private waiters: Array<() => void> = [];

  constructor(
    private readonly io: Namespace,
    private readonly frameMs = POINTER_FRAME_MS,
  ) {}

  /** The frames of `io` (one per namespace), made on first use. */
  static of(io: Namespace): PointerFrames {
    let found = frames.get(io);
    if (!found) {
      found = new PointerFrames(io);
      frames.set(io, found);
    }
    return found;
  }

  /** `socketId` moved its pointer: it goes out with this frame, replacing an earlier one. */
  moved(socketId: string, message: PointerMoved): void {
    this.unsettled.set(socketId, message);
    if (this.sent.has(socketId)) this.pending.set(socketId, message);
    else {
      this.sent.add(socketId);
      this.send(socketId, message, { volatile: true });
    }
    this.arm();
  }

  /**
   * Resolves once no frame is running: every pointer held or still to be re-sent at rest has
   * gone out (a caller then knows no `pointer-moved` of the moves before is still to come).
   */
  settled(): Promise<void> {
    if (!this.timer) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.frameMs);
    this.timer.unref?.();
  }

  private flush(): void {
    this.timer = null;
    const moving = this.sent;
    const pending = this.pending;
    this.pending = new Map();
    this.sent = new Set();
    // Pointers that rested through the frame now go out where they stopped, for sure.
    for (const [socketId, message] of this.unsettled) {
      if (moving.has(socketId)) continue;
      this.unsettled.delete(socketId);
      if (this.stillShows(socketId, message.canvasId))
        this.send(socketId, message, { volatile: false });
    }
    for (const [socketId, message] of pending) this.send(socketId, message, { volatile: true });
    if (this.unsettled.size > 0) this.arm();
    else for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Whether the socket is still connected here with the canvas open. */
  private stillShows(socketId: string, canvasId: string): boolean {
    return this.io.sockets.get(socketId)?.rooms.has(rooms.canvas(canvasId)) ?? false;
  }

  private send(socketId: string, message: PointerMoved, { volatile }: { volatile: boolean }) {
    const room = this.io.to(rooms.canvas(message.canvasId)).except(socketId);
    (volatile ? room.volatile : room).emit('pointer-moved', message);
  }
}
