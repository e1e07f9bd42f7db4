/**
 * Keeps the read models up to date: one subscription to the whole log, from the oldest
 * checkpoint of its projections; each event goes to every projection that handles it and has
 * not seen it yet, and is committed with that projection's checkpoint. After the projections,
 * the event is published on `processed$` (the realtime fan-out listens there), so whoever
 * hears of an event can already read it.
 */
import type { Event } from '@tabula/domain';
import type { Subscription } from 'rxjs';
import { Subject, concatMap, from } from 'rxjs';
import type { EventStore, RecordedEvent } from '../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../infrastructure/readModels/readModelStore';
import type { Projection } from './projection';

interface Waiter {
  position: number;
  resolve: () => void;
}

export class ProjectionRunner {
  readonly processed$ = new Subject<RecordedEvent<Event>>();
  private readonly checkpoints = new Map<string, number>();
  private subscription?: Subscription;
  private waiters: Waiter[] = [];
  private position = 0;
  private applying = false;
  private failure?: unknown;

  constructor(
    private readonly store: EventStore<Event>,
    private readonly readModels: ReadModelStore,
    private readonly projections: readonly Projection[],
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('[projections]', error),
    /**
     * Work that must be done with the read models, before anyone hears of the event (the
     * scene snapshots): awaited in log order, so `waitFor` covers it too.
     */
    private readonly afterProjections: readonly ((
      record: RecordedEvent<Event>,
    ) => Promise<void>)[] = [],
  ) {}

  /** Starts from the stored checkpoints and resolves once the log as it is now is applied. */
  async start(): Promise<void> {
    for (const projection of this.projections) {
      this.checkpoints.set(
        projection.name,
        (await this.readModels.getCheckpoint(projection.name)) ?? 0,
      );
    }
    this.position = Math.min(...this.checkpoints.values());
    const target = Math.max(this.position, await this.store.headPosition());
    this.subscription = this.store
      .subscribeToAll({ fromPosition: this.position })
      .pipe(concatMap((record) => from(this.apply(record))))
      .subscribe({ error: (error) => this.fail(error) });
    await this.waitFor(target);
  }

  /** Resolves once every event up to `position` is in the read models. */
  waitFor(position: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (position <= this.position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /** Where the read models are, in the log. */
  get currentPosition(): number {
    return this.position;
  }

  /**
   * Where the read models are when no event is half applied (some projections done, others
   * not), else undefined. Two equal answers around a read mean it saw one consistent state.
   */
  get settledPosition(): number | undefined {
    return this.applying ? undefined : this.position;
  }

  /** Whether the subscription stopped on an error (the read models no longer follow the log). */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.processed$.complete();
  }

  /** Resolves once no event is being applied (after `stop()`: once nothing more is written). */
  async idle(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
  }

  private inFlight: Promise<void> | undefined;

  private apply(record: RecordedEvent<Event>): Promise<void> {
    this.inFlight = this.applyNow(record);
    return this.inFlight;
  }

  private async applyNow(record: RecordedEvent<Event>): Promise<void> {
    this.applying = true;
    try {
      for (const projection of this.projections) {
        if (!projection.handles.has(record.event.type)) continue;
        if ((this.checkpoints.get(projection.name) ?? 0) >= record.position) continue;
        const ops = await projection.project(record, this.readModels);
        await this.readModels.commit(projection.name, record.position, ops);
        this.checkpoints.set(projection.name, record.position);
      }
      for (const step of this.afterProjections) await step(record);
    } catch (error) {
      // A projection that cannot apply an event must not silently skip it: stop here.
      this.fail(error);
      throw error;
    } finally {
      this.applying = false;
    }
    this.position = record.position;
    this.processed$.next(record);
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    if (ready.length) {
      this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
      for (const waiter of ready) waiter.resolve();
    }
  }

  private fail(error: unknown): void {
    this.failure = error;
    this.onError(error);
  }
}
