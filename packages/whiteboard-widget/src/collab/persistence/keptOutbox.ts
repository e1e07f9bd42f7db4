/**
 * One client's view of a canvas's outbox kept in a `CanvasPersistence`, shared with every
 * other client of the canvas on the device: writes go one after another (a change is queued
 * once written), the entries this client saw settled are never loaded again (their removal
 * may still be under way), and the sender lock says which client sends.
 */
import type { CanvasPersistence, KeptChange, SenderLock } from './CanvasPersistence';

export class KeptOutbox {
  private writes: Promise<unknown> = Promise.resolve();
  private readonly settled = new Set<string>();
  private readonly unwatch: () => void;
  private lock: SenderLock | null = null;

  constructor(
    private readonly persistence: CanvasPersistence,
    private readonly canvasId: string,
    /** Another client changed the outbox (added or settled entries). */
    changed: () => void,
  ) {
    this.unwatch = persistence.watchOutbox(canvasId, changed);
  }

  /** The kept entries, oldest first, without those settled here. */
  async load(): Promise<KeptChange[]> {
    await this.writes.catch(() => undefined);
    const kept = await this.persistence.loadOutbox(this.canvasId);
    return kept.filter((entry) => !this.settled.has(entry.eventId));
  }

  /** Keeps `entries` after every earlier write; rejects when they could not be kept. */
  add(entries: readonly KeptChange[]): Promise<void> {
    const copies = entries.map(({ eventId, elements, timing }) =>
      timing ? { eventId, elements, timing } : { eventId, elements },
    );
    return this.queue(() => this.persistence.addToOutbox(this.canvasId, copies));
  }

  /** Forgets these entries (acknowledged, or handed over after a refusal). */
  remove(eventIds: readonly string[]): Promise<void> {
    for (const eventId of eventIds) this.settled.add(eventId);
    return this.queue(() => this.persistence.removeFromOutbox(this.canvasId, eventIds));
  }

  /** Asks for the right to send (once; `releaseLock` gives it up). */
  acquireLock(): Promise<void> {
    this.lock ??= this.persistence.lockSender(this.canvasId);
    return this.lock.held;
  }

  releaseLock(): void {
    this.lock?.release();
    this.lock = null;
  }

  /** Stops listening and gives the lock up; writes already asked for still complete. */
  close(): void {
    this.unwatch();
    this.releaseLock();
  }

  private queue(write: () => Promise<void>): Promise<void> {
    const done = this.writes.catch(() => undefined).then(write);
    this.writes = done;
    return done;
  }
}
