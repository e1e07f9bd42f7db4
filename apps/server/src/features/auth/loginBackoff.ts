/**
 * Failed logins slow the guesser without locking the owner out (issue #14). Each key (an
 * account, an IP) may fail `freeFailures` times; after that every attempt must wait a delay
 * that doubles with each further failure, up to `maxDelayMs`, and an attempt during the wait
 * is answered 429 without being counted. The owner's correct password works as soon as the
 * current delay is over (at most `maxDelayMs`), never 15 minutes later. A key is forgotten
 * `forgetMs` after its last failure.
 *
 * An attempt is counted when it starts (so a burst sent at once gets one try, not one each);
 * `succeeded` takes it back.
 */
import type { SharedState } from '../../infrastructure/sharedState/sharedState';

export interface BackoffPolicy {
  freeFailures: number;
  /** The first delay after the free failures (then 2×, 4×, …). */
  baseDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

interface Failures {
  count: number;
  /** When the last counted attempt started (ms). */
  at: number;
}

/**
 * Counted in `SharedState`, so every node sees the same failures (a guesser spreading attempts
 * over the nodes of a cluster gets no more tries than against one).
 */
export class LoginBackoff {
  constructor(
    private readonly policy: BackoffPolicy,
    private readonly state: SharedState,
    private readonly now: () => number,
    /** Namespace of the keys (`account`, `ip`). */
    private readonly kind: string,
  ) {}

  /** The wait the key's next attempt needs after `count` failures (0: none). */
  delayAfter(count: number): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.policy;
    if (count < freeFailures) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, count - freeFailures));
  }

  /** Starts an attempt: answers the ms still to wait (nothing counted), or 0 and counts it. */
  attempt(key: string): Promise<number> {
    const now = this.now();
    return this.state.update<Failures, number>(this.key(key), (stored) => {
      const failures = this.current(stored, now);
      const wait = failures.at + this.delayAfter(failures.count) - now;
      if (wait > 0) return { next: stored, ttlMs: this.policy.forgetMs, result: wait };
      const next = { count: failures.count + 1, at: now };
      return { next, ttlMs: this.policy.forgetMs, result: 0 };
    });
  }

  /** The attempt was right: it is not a failure. `forgive` also forgets the earlier ones. */
  succeeded(key: string, forgive: boolean): Promise<void> {
    return this.state.update<Failures, void>(this.key(key), (failures) => {
      if (!failures || forgive || failures.count <= 1)
        return { next: undefined, ttlMs: 0, result: undefined };
      const next = { ...failures, count: failures.count - 1 };
      return { next, ttlMs: this.policy.forgetMs, result: undefined };
    });
  }

  private current(failures: Failures | undefined, now: number): Failures {
    if (!failures || now - failures.at >= this.policy.forgetMs) return { count: 0, at: now };
    return failures;
  }

  private key(key: string): string {
    return `backoff:${this.kind}:${key}`;
  }
}

/**
 * The addresses each account signed in from lately (the last `perAccount`, for `forgetMs`):
 * a login from one of them skips the account's backoff (the address's own still applies), so
 * a guesser elsewhere cannot keep the owner waiting at all. Shared by every node.
 */
export class KnownAddresses {
  constructor(
    private readonly state: SharedState,
    private readonly now: () => number,
    private readonly perAccount = 5,
    private readonly forgetMs = 30 * 24 * 60 * 60_000,
  ) {}

  has(account: string, address: string): Promise<boolean> {
    const now = this.now();
    return this.state.update<[string, number][], boolean>(this.key(account), (seen) => ({
      next: seen,
      ttlMs: this.forgetMs,
      result: (seen ?? []).some(([known, at]) => known === address && now - at < this.forgetMs),
    }));
  }

  remember(account: string, address: string): Promise<void> {
    const now = this.now();
    return this.state.update<[string, number][], void>(this.key(account), (seen) => ({
      next: [...(seen ?? []).filter(([known]) => known !== address), [address, now]].slice(
        -this.perAccount,
      ) as [string, number][],
      ttlMs: this.forgetMs,
      result: undefined,
    }));
  }

  private key(account: string): string {
    return `known:${account}`;
  }
}
