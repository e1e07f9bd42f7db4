/**
 * Small values that every node must agree on (the abuse limits of sign-in: requests per IP,
 * failed-login backoff, the addresses an account signed in from). `update` reads a key's
 * value, lets the caller compute the next one and an answer, and writes it atomically with
 * respect to every other update of that key, on this node or another: in memory for one
 * process, in Redis (compare-and-set) for several nodes. The rules stay in the callers.
 */
export interface SharedState {
  /**
   * Applies `change` to the key's current value (undefined: none or expired). `change`
   * answers the next value (undefined: delete the key), how long it lives, and the result;
   * it may run more than once when another update of the key got there first.
   */
  update<T, R>(key: string, change: (current: T | undefined) => Change<T, R>): Promise<R>;
  close(): Promise<void>;
}

export interface Change<T, R> {
  next: T | undefined;
  /** How long the next value lives (ms). */
  ttlMs: number;
  result: R;
}

/** The state of one process (the embedded default, and tests). */
export function createInMemorySharedState(now: () => number = Date.now): SharedState {
  const values = new Map<string, { json: string; expiresAt: number }>();
  return {
    async update<T, R>(key: string, change: (current: T | undefined) => Change<T, R>) {
      const stored = values.get(key);
      const live = stored && stored.expiresAt > now() ? stored : undefined;
      const { next, ttlMs, result } = change(live && (JSON.parse(live.json) as T));
      if (next === undefined) values.delete(key);
      else values.set(key, { json: JSON.stringify(next), expiresAt: now() + ttlMs });
      if (values.size > 100_000)
        for (const [old, value] of values) if (value.expiresAt <= now()) values.delete(old);
      return result;
    },
    async close() {},
  };
}
