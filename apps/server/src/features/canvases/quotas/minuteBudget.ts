/**
 * The drawing budget of each user (`QUOTA_BYTES_PER_MINUTE`, `QUOTA_BURST_BYTES`): a token
 * bucket that holds at most `burst` bytes and refills at `perMinute` bytes a minute,
 * continuously. A write is accepted while some budget is left and spends its whole size (the
 * budget may go below zero by one update); while nothing is left, every write is refused,
 * cheaply (`assertLeft` before the update is even validated). The burst bounds how much one
 * user can make the server handle at once; the rate, what they save over time.
 *
 * With a shared state (several nodes, `REDIS_URL`) the bucket is the user's on every node.
 * Each node decides at once on its own copy, sends what it spent (one update per user in
 * flight, later spends summed into the next) and takes back the shared bucket less what it has
 * not sent yet; a node that has not seen the user reads the shared bucket before the user's
 * first write there. Once the budget is spent, each node accepts at most the one write with
 * which it learns so: a user drawing through N nodes gets at most the budget and N writes.
 */
import { DomainError, QUOTA_BYTES_PER_MINUTE_REACHED } from '@tabula/domain';
import type { SharedState } from '../../../infrastructure/sharedState/sharedState';

/** Where the budget reads the time. */
export interface QuotaClock {
  now(): Date;
}

/** A user's budget: what was left at `at` (ms since the epoch). */
interface Bucket {
  left: number;
  at: number;
}

/** How fast a user may save drawing, and how much at once. */
export interface BudgetRate {
  perMinute: number;
  /** What a full bucket holds (at most one minute's worth is useful). */
  burst: number;
}

export class MinuteBudget {
  private readonly buckets = new Map<string, Bucket>();
  /** Bytes spent on this node that the shared bucket does not hold yet, per user. */
  private readonly unsent = new Map<string, number>();
  /** The shared update under way, per user. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(
    private readonly rate: BudgetRate,
    private readonly clock: QuotaClock,
    private readonly shared?: SharedState,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Rejects with QUOTA_EXCEEDED while the user's budget is spent, saying when some will be
   * back (`retryAfterMs`): the client sends the change again then.
   */
  async assertLeft(userId: string): Promise<void> {
    if (this.shared && !this.buckets.has(userId)) await this.sync(userId);
    if (this.left(userId, this.now()) <= 0) throw this.spent(userId);
  }

  /** The refusal of a write while the user's budget is spent. */
  spent(userId: string): DomainError {
    const left = this.left(userId, this.now());
    // Strictly positive again one ms after the refill covers the overdraft.
    const retryAfterMs = Math.floor((Math.max(0, -left) * 60_000) / this.rate.perMinute) + 1;
    return new DomainError('QUOTA_EXCEEDED', QUOTA_BYTES_PER_MINUTE_REACHED, retryAfterMs);
  }

  /** Spends `bytes` of the user's budget, or answers false (nothing spent) when none is left. */
  take(userId: string, bytes: number): boolean {
    const now = this.now();
    const left = this.left(userId, now);
    if (left <= 0) return false;
    this.buckets.set(userId, { left: left - bytes, at: now });
    if (this.buckets.size > 100_000) this.sweep(now);
    if (this.shared) {
      this.unsent.set(userId, (this.unsent.get(userId) ?? 0) + bytes);
      void this.sync(userId);
    }
    return true;
  }

  /** Gives back `bytes` that `take` spent for a write that was not stored. */
  give(userId: string, bytes: number): void {
    const now = this.now();
    this.buckets.set(userId, {
      left: Math.min(this.rate.burst, this.left(userId, now) + bytes),
      at: now,
    });
    if (this.shared) {
      this.unsent.set(userId, (this.unsent.get(userId) ?? 0) - bytes);
      void this.sync(userId);
    }
  }

  /** Resolves once every spend of this node has reached the shared bucket. */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all(this.sending.values());
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private left(userId: string, now: number): number {
    return refilled(this.buckets.get(userId), now, this.rate);
  }

  /** Sends this node's unsent spends (none: only reads) and takes the shared bucket back. */
  private sync(userId: string): Promise<void> {
    let sending = this.sending.get(userId);
    if (!sending) {
      sending = this.send(userId).finally(() => this.sending.delete(userId));
      this.sending.set(userId, sending);
    }
    return sending;
  }

  private async send(userId: string): Promise<void> {
    const shared = this.shared!;
    try {
      do {
        const bytes = this.unsent.get(userId) ?? 0;
        this.unsent.delete(userId);
        const bucket = await shared.update<Bucket, Bucket>(`drawing:${userId}`, (current) => {
          const now = this.now();
          const next = { left: refilled(current, now, this.rate) - bytes, at: now };
          const msToFull = ((this.rate.burst - next.left) * 60_000) / this.rate.perMinute;
          // A full bucket is no bucket: nothing to keep.
          return msToFull <= 0
            ? { next: undefined, ttlMs: 0, result: next }
            : { next, ttlMs: msToFull, result: next };
        });
        this.buckets.set(userId, {
          left: bucket.left - (this.unsent.get(userId) ?? 0),
          at: bucket.at,
        });
      } while (this.unsent.has(userId));
    } catch (error) {
      // The shared state is unreachable: this node keeps counting on its own copy.
      this.unsent.delete(userId);
      this.onError(error);
    }
  }

  /** Forgets the users whose budget is full again (they would start full anyway). */
  private sweep(now: number): void {
    for (const userId of this.buckets.keys())
      if (!this.sending.has(userId) && this.left(userId, now) >= this.rate.burst)
        this.buckets.delete(userId);
  }
}

/** What is left of a bucket at `now` (a user with no bucket has a full one). */
function refilled(bucket: Bucket | undefined, now: number, rate: BudgetRate): number {
  if (!bucket) return rate.burst;
  const refill = (Math.max(0, now - bucket.at) * rate.perMinute) / 60_000;
  return Math.min(rate.burst, bucket.left + refill);
}
