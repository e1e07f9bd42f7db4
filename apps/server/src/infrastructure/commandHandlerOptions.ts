/**
 * What a `CommandHandler` may be given beyond its store and decider: quotas (an admission that
 * keeps a tally per stream) and a place to fold long streams other than the event loop.
 */
import type { Command, Event } from '@tabula/domain';
import type { StoredCommand } from './recentCommands';

/** What a stream holds so far, for quotas: counted from every stored or accepted event. */
export interface StreamTally<C, E> {
  /** Folds one event of the stream (stored or just accepted). */
  count(event: E): void;
  /** Throws (a DomainError) when `events`, decided for `command`, would go over a limit. */
  admit(command: C, events: readonly E[]): void;
  /** Gives back what `admit` spent beyond the stream (a budget): the events were not stored. */
  release?(command: C, events: readonly E[]): void;
}

/**
 * Makes the tally of one stream: empty (the stream's events are counted into it), or from
 * what a fold elsewhere counted (`FoldedStream.counted`).
 */
export interface Admission<C, E> {
  tally(stream: string, counted?: unknown): StreamTally<C, E>;
}

/** A stream folded elsewhere, as plain data: the catch-up goes on from its revision. */
export interface FoldedStream<State> {
  state: State;
  revision: number;
  /** What the admission's tally counted (its own plain form), if there is an admission. */
  counted?: unknown;
  /** The commands stored last (`RecentCommands.entries`). */
  recent: [string, StoredCommand][];
}

/** Folds streams longer than `after` events somewhere other than the event loop. */
export interface FoldElsewhere<State> {
  /** A stream with an event at this revision is long enough to be folded elsewhere. */
  after: number;
  /** The stream folded to its head; undefined when it cannot be (it is folded here). */
  fold(stream: string): Promise<FoldedStream<State> | undefined>;
}

export interface CommandHandlerOptions<C = Command, E = Event, State = unknown> {
  /** Retries after a wrong expected revision (default 8, each after a random wait of up to 2^n ms). */
  retries?: number;
  /** Aggregates kept in memory at most; the least recently used is evicted first. */
  cacheSize?: number;
  /** Commands appended together at most. */
  maxBatch?: number;
  /** Quotas: refuses commands whose events would go over a limit (default: none). */
  admission?: Admission<C, E>;
  /** Where long streams that are not cached are folded (default: here, in slices). */
  foldElsewhere?: FoldElsewhere<State>;
}
