/**
 * One sender per canvas on the device: the clients of one canvas (tabs, or a client being
 * replaced) share its kept outbox, and only the one holding the lock sends it, so no change
 * goes twice. Web Locks (`navigator.locks`) where the browser has them, held across tabs and
 * let go when a tab dies; elsewhere (Node) a lock within this JavaScript realm.
 */
import type { SenderLock } from './CanvasPersistence';

interface Waiter {
  grant: () => void;
}

/** Holders and waiters of the in-realm locks, by name. */
const realmLocks = new Map<string, Waiter[]>();

function realmLock(name: string): SenderLock {
  let grant = () => undefined as void;
  const held = new Promise<void>((resolve) => (grant = resolve));
  const waiter: Waiter = { grant };
  const queue = realmLocks.get(name) ?? [];
  realmLocks.set(name, queue);
  queue.push(waiter);
  if (queue.length === 1) grant();
  return {
    held,
    release() {
      const at = queue.indexOf(waiter);
      if (at < 0) return;
      queue.splice(at, 1);
      if (at === 0) queue[0]?.grant();
      if (queue.length === 0) realmLocks.delete(name);
    },
  };
}

interface WebLocks {
  request(name: string, options: { signal: AbortSignal }, task: () => Promise<void>): Promise<void>;
}

function webLock(locks: WebLocks, name: string): SenderLock {
  const abort = new AbortController();
  let letGo = () => undefined as void;
  const done = new Promise<void>((resolve) => (letGo = resolve));
  let granted = () => undefined as void;
  const held = new Promise<void>((resolve) => (granted = resolve));
  locks
    .request(name, { signal: abort.signal }, () => {
      granted();
      return done;
    })
    .catch(() => undefined); // Aborted before it was granted.
  return {
    held,
    release() {
      abort.abort();
      letGo();
    },
  };
}

/** Asks for the lock `name`: Web Locks where present, else a lock within this realm. */
export function exclusiveLock(name: string): SenderLock {
  const locks = (globalThis.navigator as { locks?: WebLocks } | undefined)?.locks;
  return locks ? webLock(locks, name) : realmLock(name);
}
