/**
 * Who has a canvas open (a board or its history), told in O(changes): the socket that opens a
 * canvas gets the whole list once (`canvas-people`), and the room hears what changed
 * (`canvas-people-changed { joined, left }`), coalesced per room: a window opens at a room's
 * first change and lasts `windowMs`; one that carried more than `stormChanges` changes (a class
 * arriving at once) makes that room's next window twice as long, up to `maxWindowMs`. Each
 * message says how the touched users are when it goes (present → `joined`, absent → `left`),
 * so applying it is idempotent and a late one never undoes a newer state for long: the next
 * change of the same user follows it.
 *
 * Rooms span nodes: the list and the deltas count every node's sockets (the adapter answers
 * for the others), and a node tells the whole room of the changes it saw.
 */
import type { AppSocket } from '../../realtime/socketTypes';
import { rooms } from '../../realtime/socketTypes';

/** The namespace whose canvas rooms are told (the app's). */
type Namespace = AppSocket['nsp'];

export interface CanvasPeopleOptions {
  /** A room's first window, in ms. Default 50. */
  windowMs?: number;
  /** The longest window, in ms. Default 800. */
  maxWindowMs?: number;
  /** Changes in one window beyond which that room's next window doubles. Default 8. */
  stormChanges?: number;
}

interface RoomWindow {
  touched: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
  windowMs: number;
}

const feeds = new WeakMap<Namespace, CanvasPeopleFeed>();

export class CanvasPeopleFeed {
  private readonly windows = new Map<string, RoomWindow>();
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly storm: number;
  private closed = false;

  constructor(
    private readonly io: Namespace,
    private readonly logError: (error: unknown, where: string) => void,
    options: CanvasPeopleOptions = {},
  ) {
    this.baseMs = options.windowMs ?? 50;
    this.maxMs = options.maxWindowMs ?? 800;
    this.storm = options.stormChanges ?? 8;
  }

  /**
   * `socket` opened the canvas (it is in the room already): it gets the whole list now, the
   * room hears of its user in the next window.
   */
  async opened(socket: AppSocket, canvasId: string): Promise<void> {
    const userIds = [...(await this.present(canvasId))];
    socket.emit('canvas-people', { canvasId, userIds });
    this.changed(canvasId, socket.data.userId);
  }

  /** `userId` may have opened or closed `canvasId` (a socket of theirs came or went). */
  changed(canvasId: string, userId: string): void {
    if (this.closed) return;
    let window = this.windows.get(canvasId);
    if (!window) {
      window = { touched: new Set(), timer: null, running: false, windowMs: this.baseMs };
      this.windows.set(canvasId, window);
    }
    window.touched.add(userId);
    this.schedule(canvasId, window);
  }

  private schedule(canvasId: string, window: RoomWindow): void {
    if (window.timer || window.running) return;
    window.timer = setTimeout(() => {
      window.timer = null;
      window.running = true;
      this.flush(canvasId, window)
        .catch((error) => this.logError(error, 'canvas people'))
        .finally(() => {
          window.running = false;
          if (window.touched.size > 0) this.schedule(canvasId, window);
          else this.windows.delete(canvasId); // quiet: the next change starts a short window
        });
    }, window.windowMs);
    window.timer.unref?.();
  }

  private async flush(canvasId: string, window: RoomWindow): Promise<void> {
    const touched = window.touched;
    window.touched = new Set();
    window.windowMs =
      touched.size > this.storm ? Math.min(this.maxMs, window.windowMs * 2) : this.baseMs;
    const present = await this.present(canvasId);
    const joined: string[] = [];
    const left: string[] = [];
    for (const userId of touched) (present.has(userId) ? joined : left).push(userId);
    if (this.closed) return;
    this.io.to(rooms.canvas(canvasId)).emit('canvas-people-changed', { canvasId, joined, left });
  }

  /** The users with a socket in the canvas's room, on every node. */
  private async present(canvasId: string): Promise<Set<string>> {
    const sockets = await this.io.in(rooms.canvas(canvasId)).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.userId));
  }

  /** The feed of `io` (one per namespace), made on first use. */
  static of(io: Namespace, logError: (error: unknown, where: string) => void): CanvasPeopleFeed {
    let feed = feeds.get(io);
    if (!feed) {
      feed = new CanvasPeopleFeed(io, logError);
      feeds.set(io, feed);
    }
    return feed;
  }

  /** Drops the pending windows (the server is closing). */
  close(): void {
    this.closed = true;
    for (const window of this.windows.values()) if (window.timer) clearTimeout(window.timer);
    this.windows.clear();
  }
}
