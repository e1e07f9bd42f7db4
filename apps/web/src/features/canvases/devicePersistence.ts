import { useEffect, useState } from 'react';
import { indexedDbPersistence } from '@tabula/whiteboard/collab';
import type { CanvasPersistence, KeptCanvasSummary } from '@tabula/whiteboard/collab';
import { testStorageEstimate } from './boardProbe';

/**
 * What this device keeps of an account's canvases (docs/offline.md "Canvases on the device"):
 * one IndexedDB database per account, `tabula:<userId>`, opened once however many boards and
 * screens use it, and closed when the last lets go. Loaded with the board's code: the entry
 * chunk only imports it on demand.
 */

/** The IndexedDB database of an account's canvases. */
export function databaseName(userId: string): string {
  return `tabula:${userId}`;
}

interface Held {
  persistence: CanvasPersistence;
  holders: number;
}

const held = new Map<string, Held>();
const released = new Set<() => void>();

/**
 * The account's persistence, held until `release()`; null where the browser keeps nothing
 * (no IndexedDB): the board then works online only, as before.
 */
export function holdPersistence(
  userId: string,
): { persistence: CanvasPersistence; release(): void } | null {
  let entry = held.get(userId);
  if (!entry) {
    let persistence: CanvasPersistence;
    try {
      persistence = indexedDbPersistence(databaseName(userId), { estimate: testStorageEstimate() });
    } catch {
      return null;
    }
    entry = { persistence, holders: 0 };
    held.set(userId, entry);
  }
  entry.holders += 1;
  const mine = entry;
  let done = false;
  return {
    persistence: mine.persistence,
    release() {
      if (done) return;
      done = true;
      mine.holders -= 1;
      if (mine.holders > 0) return;
      held.delete(userId);
      mine.persistence.close();
      for (const listener of [...released]) listener();
    },
  };
}

/** Runs `work` with the account's persistence (null when the device keeps nothing). */
async function withPersistence<T>(
  userId: string,
  fallback: T,
  work: (persistence: CanvasPersistence) => Promise<T>,
): Promise<T> {
  const hold = holdPersistence(userId);
  if (!hold) return fallback;
  try {
    return await work(hold.persistence);
  } finally {
    hold.release();
  }
}

/** The canvases this device can open offline, and how many changes of each wait. */
export function keptCanvases(userId: string): Promise<KeptCanvasSummary[]> {
  return withPersistence(userId, [], (persistence) => persistence.listCanvases());
}

/** True while changes of this account made on this device have not reached the server. */
export function hasUnsentChanges(userId: string): Promise<boolean> {
  return withPersistence(userId, false, (persistence) => persistence.hasUnsentChanges());
}

/**
 * Forgets everything this device keeps of the account (signing out on a shared computer),
 * once no board holds it any more: a board's last act is to keep its scene, which must not
 * come after the clearing.
 */
export async function forgetAccount(userId: string): Promise<void> {
  while (held.has(userId)) {
    await new Promise<void>((resolve) => {
      const listener = () => {
        released.delete(listener);
        resolve();
      };
      released.add(listener);
    });
  }
  await withPersistence(userId, undefined, (persistence) => persistence.clear());
}

/**
 * The account's persistence while the board is mounted (`ready` false until the first effect
 * ran; `persistence` undefined where the device keeps nothing). Let go of a moment after the
 * board unmounts, so the engine's last write (its scene, when disposed) is made on it first.
 */
export function useDevicePersistence(userId: string): {
  ready: boolean;
  persistence: CanvasPersistence | undefined;
} {
  const [state, setState] = useState<{ userId: string; persistence?: CanvasPersistence } | null>(
    null,
  );
  useEffect(() => {
    const hold = holdPersistence(userId);
    setState({ userId, persistence: hold?.persistence });
    return () => {
      setState(null);
      if (hold) setTimeout(() => hold.release(), 0);
    };
  }, [userId]);
  const ready = state !== null && state.userId === userId;
  return { ready, persistence: ready ? state.persistence : undefined };
}
