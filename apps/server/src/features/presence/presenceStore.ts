/**
 * The presence store port: who is online right now. Ephemeral by design (never in the event
 * log): one entry per connected socket, tagged with its user and session. A user is online while
 * at least one of their sockets is; tabs of one session are one device.
 *
 * Entries live for a TTL and the node holding the socket renews them with `refresh()` (call it
 * on a timer, every third of the TTL). A node that dies stops refreshing, so its sockets drop
 * out of every other node's view once the TTL has passed.
 */
import type { OnlineUser, OnlineUsers } from '@tabula/domain/protocol';

export type { OnlineUser };

/** What other users see of an online user, besides the id. */
export interface PresenceInfo {
  username: string;
  profilePhoto: string;
}

/** What `setOffline` removed, and whether that took the user offline. */
export interface PresenceChange {
  userId: string;
  sessionId: string;
  /** True when the user has no live socket left (time to emit `disconnected-user`). */
  userWentOffline: boolean;
}

/** Options shared by the presence adapters. */
export interface PresenceStoreOptions {
  /** How long an entry stays live without a refresh, in ms. Default: no expiry in memory, 30 s in Redis. */
  ttlMs?: number;
  /** The clock (ms since the epoch); tests pass a fake one. Default `Date.now`. */
  now?: () => number;
}

export interface PresenceStore {
  /**
   * Marks `socketId` online for the user's `sessionId`, with what others see of the user.
   * Calling it again for the same socket replaces its entry (a later `info` wins).
   */
  setOnline(userId: string, sessionId: string, socketId: string, info: PresenceInfo): Promise<void>;
  /** Removes the socket; null when it was unknown (already removed or expired). */
  setOffline(socketId: string): Promise<PresenceChange | null>;
  /** Users with at least one live socket, sorted by user id; the info of their latest `setOnline`. */
  onlineUsers(): Promise<OnlineUser[]>;
  /** Whether any session of the user has a live socket. */
  isUserOnline(userId: string): Promise<boolean>;
  /** Whether a session of the user other than `sessionId` has a live socket (another device). */
  otherSessionOnline(userId: string, sessionId: string): Promise<boolean>;
  /**
   * Renews the TTL of the sockets set online through this store (this node) and forgets
   * expired ones (a dead node's); resolves with the user ids of the entries it forgot, so that
   * whoever is told of presence changes hears of them.
   */
  refresh(): Promise<string[]>;
  /** Resolves when the store answers (the health check); rejects when it cannot be reached. */
  ping(): Promise<void>;
  /** Releases the store's resources. It does not remove this node's entries: they expire. */
  close(): Promise<void>;
}

/** One socket's entry, as both adapters keep it. */
export interface SocketPresence {
  userId: string;
  sessionId: string;
  info: PresenceInfo;
  /** Clock reading of the `setOnline` call; the latest one gives a user's info. */
  since: number;
}

/** Folds live socket entries into one OnlineUser per user, sorted by user id. */
export function toOnlineUsers(entries: Iterable<SocketPresence>): OnlineUser[] {
  const latest = new Map<string, SocketPresence>();
  for (const entry of entries) {
    const seen = latest.get(entry.userId);
    if (!seen || entry.since >= seen.since) latest.set(entry.userId, entry);
  }
  return [...latest.values()]
    .map(({ userId, info }) => ({
      userId,
      username: info.username,
      profilePhoto: info.profilePhoto,
    }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

/** Whether an entry of `userId` (and, when given, of a session other than `exceptSession`) is among `entries`. */
export function hasSocketOf(
  entries: Iterable<SocketPresence>,
  userId: string,
  exceptSession?: string,
): boolean {
  for (const entry of entries) {
    if (entry.userId === userId && entry.sessionId !== exceptSession) return true;
  }
  return false;
}

/** The `get-online-users` payload: who is online now, keyed by user id. */
export async function onlineUsersMessage(presence: PresenceStore): Promise<OnlineUsers> {
  const online = await presence.onlineUsers();
  // Object.fromEntries defines own properties: a user id of '__proto__' cannot pollute.
  return Object.fromEntries(online.map((user) => [user.userId, user]));
}
