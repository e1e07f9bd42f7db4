/**
 * Who is online, told to the sockets as it changes, coalesced. Two audiences:
 *
 * - sockets whose handshake asked for deltas (`auth.presence: 'deltas'`, room
 *   `presence:deltas`) get `online-users-changed { joined, left }`: the users whose presence
 *   changed in the window, as the store says they are when it closes (a user who went and came
 *   back within it is `joined` once, or nowhere when nothing changed for them);
 * - every other socket (the spec's clients, room `presence:full`) gets the whole map as
 *   `get-online-users`, at most once per `fullEveryMs` (a second) per socket: the first change
 *   goes out with its window, the changes of the next second wait and go together, as the map
 *   then (`FullMapPacer`). Each node paces its own sockets and tells the others of changes
 *   (`presence-changed` between nodes).
 *
 * A window opens at the first change and lasts `windowMs`; when it carried many changes (a
 * reconnect storm) the next one is twice as long, up to `maxWindowMs`, so a crowd
 * reconnecting at once costs a few messages per socket rather than one per arrival.
 */
import type { OnlineUserBrief } from '@tabula/domain/protocol';
import type { OnlineUser, PresenceStore } from './presenceStore';
import { onlineUsersMessage } from './presenceStore';
import { FULL_MAP_ROOM, FullMapPacer } from './fullMapPacer';
import type { AppServer, AppSocket } from '../../realtime/socketTypes';

export const PRESENCE_ROOMS = {
  /** Sockets that get the initial list and deltas. */
  deltas: 'presence:deltas',
  /** Sockets that get `get-online-users` (the spec's clients), paced per socket. */
  full: FULL_MAP_ROOM,
} as const;

export interface PresenceFeedOptions {
  /** The first window, in ms. Default 50. */
  windowMs?: number;
  /** The longest window under a storm, in ms. Default 800. */
  maxWindowMs?: number;
  /** Changes in one window beyond which the next window doubles. Default 16. */
  stormChanges?: number;
  /** The shortest time between two whole maps to one spec socket, in ms. Default 1000. */
  fullEveryMs?: number;
  /** The longest, while changes keep coming, in ms. Default 4000. */
  fullMaxEveryMs?: number;
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
  private readonly full: FullMapPacer;

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
    this.full = new FullMapPacer(
      io,
      () => onlineUsersMessage(presence),
      logError,
      options.fullEveryMs ?? 1000,
      options.fullMaxEveryMs ?? 4000,
    );
    io.on('presence-changed', () => {
      this.full.changed().catch((error) => logError(error, 'presence map'));
    });
  }

  /** Sends `socket` the whole map now (it opened a canvas); its next one waits its turn. */
  tellNow(socket: AppSocket): Promise<void> {
    return this.full.sendNow(socket);
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
      // The other nodes pace their own spec sockets.
      if ((await this.io.of('/').adapter.serverCount()) > 1)
        this.io.serverSideEmit('presence-changed');
      await this.full.changed();
    } finally {
      for (const resolve of waiting) resolve();
    }
  }

  /** Stops the pending window (the server is closing). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.full.close();
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
