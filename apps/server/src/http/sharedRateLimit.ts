/**
 * A fixed-window request limit counted in `SharedState`: every node counts the same window
 * (the per-IP limit of sign-up and sign-in holds across a cluster).
 */
import type { SharedState } from '../infrastructure/sharedState/sharedState';

interface Window {
  startedAt: number;
  count: number;
}

/** Counts one hit for `key`; answers how many ms to wait when over `limit`, else 0. */
export function hitSharedWindow(
  state: SharedState,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<number> {
  return state.update<Window, number>(`window:${key}`, (stored) => {
    const window =
      stored && now - stored.startedAt < windowMs ? stored : { startedAt: now, count: 0 };
    const next = { startedAt: window.startedAt, count: window.count + 1 };
    const left = window.startedAt + windowMs - now;
    return { next, ttlMs: left, result: next.count > limit ? Math.max(1, left) : 0 };
  });
}
