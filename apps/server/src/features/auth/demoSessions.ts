/**
 * The demo accounts' sessions on this node, and when each was last used. The one-session rule
 * holds an account while a session of it is online; for the two shared demo accounts that
 * would let one visitor lock everyone else out. So a demo session stops holding its account:
 * - when its tab is closed: its socket disconnects and it is offline, so the next sign-in
 *   simply replaces it (the rule itself);
 * - when it has been idle for `idleMs` (no message from any of its sockets): the next demo
 *   sign-in to that account takes its sockets offline, disconnects them, and then signs in,
 *   replacing the session (its tab is told it was signed out, as after a sign-in elsewhere).
 * An active visitor keeps the account. Sockets on other nodes are not seen from here: an idle
 * demo session connected to another node still holds its account (see docs/auth.md).
 */
import type { AppContext } from '../../appContext';
import type { AppServer, AppSocket } from '../../realtime/socketTypes';

/** Default idle time after which a demo session gives its account up: 15 minutes. */
export const DEFAULT_DEMO_IDLE_MS = 15 * 60 * 1000;

interface DemoSession {
  userId: string;
  sockets: Set<AppSocket>;
  /** Clock reading (ms) of the latest message or connection of any of its sockets. */
  lastActive: number;
}

export class DemoSessions {
  private readonly sessions = new Map<string, DemoSession>();
  /** Takes a socket offline (presence), before it is disconnected. */
  private takeOffline: ((socketId: string) => Promise<void>) | undefined;

  constructor(
    private readonly context: Pick<AppContext, 'clock'>,
    private readonly isDemoUser: (userId: string) => boolean,
    private readonly idleMs: number = DEFAULT_DEMO_IDLE_MS,
  ) {}

  private now(): number {
    return this.context.clock.now().getTime();
  }

  /** Follows the demo accounts' sockets of `io` from now on. */
  watch(io: AppServer, takeOffline: (socketId: string) => Promise<void>): void {
    this.takeOffline = takeOffline;
    io.on('connection', (socket) => {
      const { userId, sessionId } = socket.data;
      if (!this.isDemoUser(userId)) return;
      const session = this.sessions.get(sessionId) ?? { userId, sockets: new Set(), lastActive: 0 };
      session.sockets.add(socket);
      session.lastActive = this.now();
      this.sessions.set(sessionId, session);
      socket.use((_packet, next) => {
        session.lastActive = this.now();
        next();
      });
      socket.on('disconnect', () => {
        session.sockets.delete(socket);
        if (session.sockets.size === 0 && this.sessions.get(sessionId) === session)
          this.sessions.delete(sessionId);
      });
    });
  }

  /** Whether `sessionId` is a demo session of this node idle for the idle time or longer. */
  isIdle(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    return session !== undefined && this.now() - session.lastActive >= this.idleMs;
  }

  /**
   * Takes the idle sessions of `userId` on this node offline and disconnects their sockets, so
   * that a sign-in that follows finds the account free. Active sessions are left alone.
   */
  async releaseIdle(userId: string): Promise<void> {
    const takeOffline = this.takeOffline;
    if (!takeOffline) return;
    for (const [sessionId, session] of this.sessions) {
      if (session.userId !== userId || !this.isIdle(sessionId)) continue;
      this.sessions.delete(sessionId);
      for (const socket of session.sockets) {
        await takeOffline(socket.id);
        socket.disconnect(true);
      }
    }
  }
}
