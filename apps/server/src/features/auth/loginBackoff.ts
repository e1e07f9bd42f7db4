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

export class LoginBackoff {
  private readonly keys = new Map<string, Failures>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly now: () => number,
  ) {}

  /** The wait the key's next attempt needs after `count` failures (0: none). */
  delayAfter(count: number): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.policy;
    if (count < freeFailures) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, count - freeFailures));
  }

  /** Starts an attempt: answers the ms still to wait (nothing counted), or 0 and counts it. */
  attempt(key: string): number {
    const now = this.now();
    const failures = this.current(key, now);
    const wait = failures.at + this.delayAfter(failures.count) - now;
    if (wait > 0) return wait;
    this.keys.set(key, { count: failures.count + 1, at: now });
    if (this.keys.size > 100_000) this.sweep(now);
    return 0;
  }

  /** The attempt was right: it is not a failure. `forgive` also forgets the earlier ones. */
  succeeded(key: string, forgive: boolean): void {
    const failures = this.keys.get(key);
    if (!failures) return;
    if (forgive || failures.count <= 1) this.keys.delete(key);
    else failures.count -= 1;
  }

  private current(key: string, now: number): Failures {
    const failures = this.keys.get(key);
    if (!failures || now - failures.at >= this.policy.forgetMs) return { count: 0, at: now };
    return failures;
  }

  private sweep(now: number): void {
    for (const [key, failures] of this.keys)
      if (now - failures.at >= this.policy.forgetMs) this.keys.delete(key);
  }
}

/**
 * The addresses each account signed in from lately (the last `perAccount`, for `forgetMs`):
 * a login from one of them skips the account's backoff (the address's own still applies), so
 * a guesser elsewhere cannot keep the owner waiting at all.
 */
export class KnownAddresses {
  private readonly accounts = new Map<string, Map<string, number>>();

  constructor(
    private readonly now: () => number,
    private readonly perAccount = 5,
    private readonly forgetMs = 30 * 24 * 60 * 60_000,
  ) {}

  has(account: string, address: string): boolean {
    const seen = this.accounts.get(account)?.get(address);
    return seen !== undefined && this.now() - seen < this.forgetMs;
  }

  remember(account: string, address: string): void {
    const addresses = this.accounts.get(account) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, this.now());
    if (addresses.size > this.perAccount) addresses.delete(addresses.keys().next().value!);
    this.accounts.delete(account);
    this.accounts.set(account, addresses);
    // The accounts signed in longest ago go first beyond a bound on memory.
    if (this.accounts.size > 100_000) this.accounts.delete(this.accounts.keys().next().value!);
  }
}
