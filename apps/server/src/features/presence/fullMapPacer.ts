/**
 * The spec's `get-online-users` (the whole map of who is online) to the spec's clients, at
 * most once per `everyMs` per socket: a socket that has not had a map for that long gets the
 * change at once; one that has waits until its turn comes, and then gets the map as it is by
 * then (every change of the meantime in one message). While changes keep coming (a class
 * arriving one by one), a socket's wait doubles at each turn up to `maxEveryMs`, and comes
 * back to `everyMs` after a quiet spell: each map is O(n), so a crowd costs a few per socket,
 * not one per second of its arrival. Sockets whose turns fall within `MERGE_MS` of each other
 * go together, in one broadcast. This node's sockets only (each node paces its own; see
 * PresenceFeed).
 */
import type { OnlineUsers } from '@tabula/domain/protocol';
import type { AppServer, AppSocket } from '../../realtime/socketTypes';

/** The room of the spec's clients (sockets that did not ask for deltas). */
export const FULL_MAP_ROOM = 'presence:full';

/** Turns this close together share one broadcast (a later turn waits up to this long). */
const MERGE_MS = 50;

export class FullMapPacer {
  /** When each socket last got a map, and how long it waits for the next. */
  private readonly lastSent = new Map<string, { at: number; waitMs: number }>();
  /** Sockets owed a newer map than their last. */
  private readonly owed = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;

  constructor(
    private readonly io: AppServer,
    private readonly readMap: () => Promise<OnlineUsers>,
    private readonly logError: (error: unknown, where: string) => void,
    private readonly everyMs: number,
    private readonly maxEveryMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Who is online changed: every spec socket of this node is owed the new map. */
  async changed(): Promise<void> {
    const sockets = this.io.of('/').adapter.rooms.get(FULL_MAP_ROOM) ?? new Set<string>();
    for (const id of this.lastSent.keys()) if (!sockets.has(id)) this.lastSent.delete(id);
    for (const id of sockets) this.owed.add(id);
    await this.sendDue();
  }

  /** Sends `socket` the map now, out of turn (it asked, in effect); its next turn follows. */
  async sendNow(socket: AppSocket): Promise<void> {
    this.took(socket.id, this.now());
    this.owed.delete(socket.id);
    socket.emit('get-online-users', await this.readMap());
  }

  private async sendDue(): Promise<void> {
    const now = this.now();
    const due: string[] = [];
    let nextTurn = Infinity;
    for (const id of this.owed) {
      const last = this.lastSent.get(id);
      const turn = last ? last.at + last.waitMs : now;
      if (turn <= now) due.push(id);
      else nextTurn = Math.min(nextTurn, turn);
    }
    for (const id of due) {
      this.owed.delete(id);
      this.took(id, now);
    }
    if (nextTurn < Infinity) this.wakeAt(nextTurn + MERGE_MS);
    if (due.length === 0) return;
    // Read after the turns are taken: the map is as recent as the send.
    const map = await this.readMap();
    this.io.local.to(due).emit('get-online-users', map);
  }

  /** `id` gets a map at `at`: its next wait doubles if this one came right after the last. */
  private took(id: string, at: number): void {
    const last = this.lastSent.get(id);
    const busy = last !== undefined && at - last.at < 2 * last.waitMs;
    const waitMs = busy ? Math.min(this.maxEveryMs, last.waitMs * 2) : this.everyMs;
    this.lastSent.set(id, { at, waitMs });
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.sendDue().catch((error) => this.logError(error, 'presence map'));
      },
      Math.max(0, at - this.now()),
    );
    this.timer.unref?.();
  }

  /** Stops the pending turn (the server is closing). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.owed.clear();
  }
}
