/**
 * Who is online, told to the sockets as it changes, coalesced. Two audiences:
 *
 * - sockets whose handshake asked for deltas (`auth.presence: 'deltas'`, room
 *   `presence:deltas`) get `online-users-changed { joined, left }`: the users whose presence
 *   changed in the window, as the store says they are when it closes (a user who went and came
 *   back within it is `joined` once, or nowhere when nothing changed for them);
 * - every other socket (the spec's clients, room `presence:full`) gets the whole map as
 *   `get-online-users`, as before, once per window.
 *
 * A window opens at the first change and lasts `windowMs`; when it carried many changes (a
 * reconnect storm) the next one is twice as long, up to `maxWindowMs`, so a crowd
 * reconnecting at once costs a few messages per socket rather than one per arrival.
 */
import type { OnlineUserBrief } from '@tabula/domain/protocol';
import type { OnlineUser, PresenceStore } from '../infrastructure/readModels/presenceStore';
import type { AppServer } from './socketTypes';

export const PRESENCE_ROOMS = {
  /** Sockets that get the initial list and deltas. */
  deltas: 'presence:deltas',
  /** Sockets that get `get-online-users` on every change (the spec's clients). */
  full: 'presence:full',
} as const;

export interface PresenceFeedOptions {
  /** The first window, in ms. Default 50. */
  windowMs?: number;
  /** The longest window under a storm, in ms. Default 800. */
  maxWindowMs?: number;
  /** Changes in one window beyond which the next window doubles. Default 16. */
  stormChanges?: number;
}

export function brief(user: OnlineUser): OnlineUserBrief {
  return { userId: user.userId, username: user.username };
}

export class PresenceFeed {
  private touched = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private waiting: (() => void)[] = [];
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly storm: number;
  private windowMs: number;

  constructor(
    private readonly io: AppServer,
    private readonly presence: PresenceStore,
    private readonly logError: (error: unknown, where: string) => void,
    options: PresenceFeedOptions = {},
  ) {
    this.baseMs = options.windowMs ?? 50;
    this.maxMs = options.maxWindowMs ?? 800;
    this.storm = options.stormChanges ?? 16;
    this.windowMs = this.baseMs;
  }

  /** The user's presence may have changed; resolves once the window holding it went out. */
  changed(userId: string): Promise<void> {
    this.touched.add(userId);
    const told = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.schedule();
    return told;
  }

  private schedule(): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.flush()
        .catch((error) => this.logError(error, 'presence feed'))
        .finally(() => {
          this.running = null;
          if (this.touched.size > 0) this.schedule();
        });
    }, this.windowMs);
  }

  private async flush(): Promise<void> {
    const touched = this.touched;
    const waiting = this.waiting;
    this.touched = new Set();
    this.waiting = [];
    this.windowMs =
      touched.size > this.storm ? Math.min(this.maxMs, this.windowMs * 2) : this.baseMs;
    try {
      const online = await this.presence.onlineUsers();
      const byId = new Map(online.map((user) => [user.userId, user]));
      const joined: OnlineUserBrief[] = [];
      const left: string[] = [];
      for (const userId of touched) {
        const user = byId.get(userId);
        if (user) joined.push(brief(user));
        else left.push(userId);
      }
      this.io.to(PRESENCE_ROOMS.deltas).emit('online-users-changed', { joined, left });
      // Object.fromEntries defines own properties: a user id of '__proto__' cannot pollute.
      if (await this.anyoneIn(PRESENCE_ROOMS.full)) {
        const map = Object.fromEntries(online.map((user) => [user.userId, user]));
        this.io.to(PRESENCE_ROOMS.full).emit('get-online-users', map);
      }
    } finally {
      for (const resolve of waiting) resolve();
    }
  }

  /** Whether a socket of this node is in `room`, or other nodes may hold one. */
  private async anyoneIn(room: string): Promise<boolean> {
    const adapter = this.io.of('/').adapter;
    if ((adapter.rooms.get(room)?.size ?? 0) > 0) return true;
    return (await adapter.serverCount()) > 1;
  }

  /** Stops the pending window (the server is closing). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
