/**
 * Runs a command against one aggregate stream: load (from an in-memory cache, catching up
 * with whatever other nodes appended), `decide`, and append with the expected revision.
 * Commands on one stream are serialised in-process; a version conflict (another node got
 * there first) reloads and retries a few times before it surfaces as 409.
 */
import { DomainError } from '@tabula/domain';
import type { Command, Decider, Event } from '@tabula/domain';
import type { EventStore } from './eventStore/eventStore';
import { WrongExpectedVersionError } from './eventStore/eventStore';
import { KeyedMutex } from './keyedMutex';

export interface CommandResult<State, E> {
  events: E[];
  state: State;
  /** Revision of the stream's last event after this command (-1: still empty). */
  revision: number;
  /** Global log position of the last appended event; projections are awaited up to it. */
  position: number;
}

interface Cached<State> {
  state: State;
  revision: number;
}

export interface CommandHandlerOptions {
  retries?: number;
  /** Aggregates kept in memory at most; the oldest is evicted first. */
  cacheSize?: number;
}

export class CommandHandler<State, C extends Command, E extends Event> {
  private readonly mutex = new KeyedMutex();
  private readonly cache = new Map<string, Cached<State>>();
  private readonly retries: number;
  private readonly cacheSize: number;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<State, C, E>,
    options: CommandHandlerOptions = {},
  ) {
    this.retries = options.retries ?? 3;
    this.cacheSize = options.cacheSize ?? 10_000;
  }

  /** The current state of a stream (read-only use: authorisation checks, queries). */
  load(stream: string): Promise<Cached<State>> {
    return this.mutex.run(stream, () => this.catchUp(stream));
  }

  handle(stream: string, command: C): Promise<CommandResult<State, E>> {
    return this.mutex.run(stream, async () => {
      for (let attempt = 0; ; attempt++) {
        const current = await this.catchUp(stream);
        const events = this.decider.decide(current.state, command);
        if (events.length === 0) {
          return { events, state: current.state, revision: current.revision, position: -1 };
        }
        try {
          const expectedRevision = current.revision < 0 ? 'no_stream' : current.revision;
          const { nextRevision, position } = await this.store.append(stream, events, {
            expectedRevision,
          });
          const state = events.reduce(this.decider.evolve, current.state);
          // A re-appended eventId answers the original revision: the cache then catches up
          // from the store on the next command instead of trusting this one.
          if (nextRevision === current.revision + events.length) {
            this.remember(stream, { state, revision: nextRevision });
          } else {
            this.cache.delete(stream);
          }
          return { events, state, revision: nextRevision, position };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          this.cache.delete(stream);
          if (attempt >= this.retries) {
            throw new DomainError(
              'CONFLICT',
              'Someone else changed this at the same time; please retry',
            );
          }
        }
      }
    });
  }

  private async catchUp(stream: string): Promise<Cached<State>> {
    const cached = this.cache.get(stream) ?? { state: this.decider.initialState(), revision: -1 };
    const recorded = await this.store.readStream(stream, { fromRevision: cached.revision + 1 });
    if (recorded.length === 0) return cached;
    let { state } = cached;
    for (const record of recorded) state = this.decider.evolve(state, record.event as E);
    const fresh = { state, revision: recorded[recorded.length - 1]!.revision };
    this.remember(stream, fresh);
    return fresh;
  }

  private remember(stream: string, entry: Cached<State>): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}
