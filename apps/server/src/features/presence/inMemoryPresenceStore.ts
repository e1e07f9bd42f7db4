/**
 * The in-memory presence store: the default of the embedded (single-process) server. Every
 * socket lives in this process, so entries never expire unless a finite `ttlMs` is given.
 */
import { hasSocketOf, toOnlineUsers } from './presenceStore';
import type {
  PresenceInfo,
  PresenceStore,
  PresenceStoreOptions,
  SocketPresence,
} from './presenceStore';

interface Entry extends SocketPresence {
  expiresAt: number;
}

/** Creates an empty in-memory presence store. Default TTL: none (entries live until `setOffline`). */
export function createInMemoryPresenceStore(options: PresenceStoreOptions = {}): PresenceStore {
  const ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  const now = options.now ?? (() => Date.now());
  const sockets = new Map<string, Entry>();

  function live(): Entry[] {
    const at = now();
    return [...sockets.values()].filter((entry) => entry.expiresAt > at);
  }

  return {
    async setOnline(userId: string, sessionId: string, socketId: string, info: PresenceInfo) {
      const at = now();
      sockets.set(socketId, {
        userId,
        sessionId,
        info: { ...info },
        since: at,
        expiresAt: at + ttlMs,
      });
    },
    async setOffline(socketId: string) {
      const entry = sockets.get(socketId);
      if (!entry) return null;
      sockets.delete(socketId);
      if (entry.expiresAt <= now()) return null;
      return {
        userId: entry.userId,
        sessionId: entry.sessionId,
        userWentOffline: !hasSocketOf(live(), entry.userId),
      };
    },
    async onlineUsers() {
      return toOnlineUsers(live());
    },
    async isUserOnline(userId: string) {
      return hasSocketOf(live(), userId);
    },
    async otherSessionOnline(userId: string, sessionId: string) {
      return hasSocketOf(live(), userId, sessionId);
    },
    async refresh() {
      // Every socket is this process's own, so each one is renewed, even one that had expired.
      const expiresAt = now() + ttlMs;
      for (const entry of sockets.values()) entry.expiresAt = expiresAt;
      return [];
    },
    async ping() {},
    async close() {},
  };
}
