/**
 * Cursors, coalesced per frame (`frameMs`, 16 by default), two ways by what the receiving
 * socket asked for in its handshake (`auth.pointers`, see `POINTER_ROOMS`):
 *
 * - A spec client gets the spec's `pointer-moved`, one per peer: a socket's first `pointer` of
 *   a frame goes out at once to the rest of the canvas's room; later ones in the same frame are
 *   held and only the latest goes out when the frame ends. So a receiver gets each peer's
 *   pointer at most twice per frame however fast the peers send.
 * - A client that asked for frames (`POINTER_FRAMES`: Tabula's widget) gets `pointer-frame`,
 *   one per canvas per frame: when the canvas's pointers were still in the frame before, the
 *   latest of every peer that moved go out together when the frame ends; a pointer that moves
 *   after a frame with none goes out at once. So a room of thirty moving cursors costs each
 *   receiver one message a frame, not sixty, and the server encodes each message once for the
 *   whole room.
 *
 * Either way a pointer never waits longer than a frame (every node: the adapter carries it).
 * While a pointer moves its messages are volatile, like the `pointer` they carry: dropped
 * rather than queued for a socket that cannot take one now (a write to it still under way), as
 * the next move replaces them anyway. Once a pointer rests for a whole frame, where it stopped
 * goes out once more, not volatile: so every receiver shows a cursor where it stopped, however
 * many of the moves before were dropped.
 */
import { POINTER_FRAMES } from '@tabula/domain/protocol';
import type { PointerMoved } from '@tabula/domain/protocol';
import type { AppSocket } from '../../../realtime/socketTypes';
import { rooms } from '../../../realtime/socketTypes';

type Namespace = AppSocket['nsp'];

export const POINTER_FRAME_MS = 16;

/**
 * Every socket is in one of these for as long as it is connected, by its handshake: a canvas's
 * room without one of them is the sockets of the other kind.
 */
export const POINTER_ROOMS = { frames: 'pointers:frames', each: 'pointers:each' };

/** Puts a connecting socket in its pointer room (see `POINTER_ROOMS`). */
export function joinPointerRoom(socket: AppSocket): Promise<void> | void {
  const { pointers } = (socket.handshake.auth ?? {}) as { pointers?: unknown };
  return socket.join(pointers === POINTER_FRAMES ? POINTER_ROOMS.frames : POINTER_ROOMS.each);
}

const frames = new WeakMap<Namespace, PointerFrames>();

export class PointerFrames {
  /** Per socket id, its latest pointer of this frame not sent yet to spec clients. */
  private pending = new Map<string, PointerMoved>();
  /** The sockets whose pointer went out to spec clients in this frame. */
  private sent = new Set<string>();
  /**
   * The canvases whose pointers of this frame wait for its end (its first went out at once, or
   * the frame before sent some), each with the latest pointer per socket id, not sent yet.
   */
  private framePending = new Map<string, Map<string, PointerMoved>>();
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
      this.sendEach(socketId, message, { volatile: true });
    }
    const { canvasId } = message;
    const held = this.framePending.get(canvasId);
    if (held) held.set(socketId, message);
    else {
      this.framePending.set(canvasId, new Map());
      this.sendFrame(canvasId, new Map([[socketId, message]]), { volatile: true });
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
    const framePending = this.framePending;
    this.pending = new Map();
    this.sent = new Set();
    this.framePending = new Map();
    // Pointers that rested through the frame now go out where they stopped, for sure.
    const rested = new Map<string, Map<string, PointerMoved>>();
    for (const [socketId, message] of this.unsettled) {
      if (moving.has(socketId)) continue;
      this.unsettled.delete(socketId);
      if (!this.stillShows(socketId, message.canvasId)) continue;
      this.sendEach(socketId, message, { volatile: false });
      let stopped = rested.get(message.canvasId);
      if (!stopped) rested.set(message.canvasId, (stopped = new Map()));
      stopped.set(socketId, message);
    }
    for (const [canvasId, stopped] of rested)
      this.sendFrame(canvasId, stopped, { volatile: false });
    for (const [socketId, message] of pending) this.sendEach(socketId, message, { volatile: true });
    for (const [canvasId, held] of framePending) {
      if (held.size === 0) continue;
      this.sendFrame(canvasId, held, { volatile: true });
      // Still moving: the next frame's pointers wait for its end too, one message a frame.
      this.framePending.set(canvasId, new Map());
    }
    if (this.unsettled.size > 0) this.arm();
    else for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Whether the socket is still connected here with the canvas open. */
  private stillShows(socketId: string, canvasId: string): boolean {
    return this.io.sockets.get(socketId)?.rooms.has(rooms.canvas(canvasId)) ?? false;
  }

  /** `pointer-moved` to the canvas's spec clients but the sender. */
  private sendEach(socketId: string, message: PointerMoved, { volatile }: { volatile: boolean }) {
    const room = this.io
      .to(rooms.canvas(message.canvasId))
      .except([socketId, POINTER_ROOMS.frames]);
    (volatile ? room.volatile : room).emit('pointer-moved', message);
  }

  /**
   * One `pointer-frame` of `bySocket`'s pointers to the canvas's clients that asked for frames:
   * all of them get the same message, encoded once, so a sender gets its own pointer back in a
   * frame of several (the widget knows its own); a frame of one skips its sender.
   */
  private sendFrame(
    canvasId: string,
    bySocket: ReadonlyMap<string, PointerMoved>,
    { volatile }: { volatile: boolean },
  ) {
    const only = bySocket.size === 1 ? [...bySocket.keys()] : [];
    const room = this.io.to(rooms.canvas(canvasId)).except([...only, POINTER_ROOMS.each]);
    const pointers = [...bySocket.values()].map(({ canvasId: _canvas, ...pointer }) => pointer);
    (volatile ? room.volatile : room).emit('pointer-frame', { canvasId, pointers });
  }
}
