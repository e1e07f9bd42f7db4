/**
 * Runs commands against aggregate streams: load (from an in-memory cache; reads catch up with
 * whatever other nodes appended, commands find out through their expected revision), `decide`,
 * and append with the expected revision.
 *
 * Commands on one stream are serialised in-process, and those that arrive while the stream's
 * previous append is in flight are decided one after another against the running state and
 * appended together in ONE append (one expected revision, one group commit). So fifty people
 * drawing on one canvas cost a commit per batch, not a commit per stroke, and every rule of
 * `decide` still sees each command in order. A version conflict (another node got there
 * first) reloads and retries a few times before it surfaces as 409.
 *
 * An `admission` (quotas) keeps a tally per stream beside the cached state, folded from the
 * same events, and may refuse a command whose events would go over a limit: the refusal is
 * answered like the decider's own, and nothing of that command is appended. What it admitted
 * in a batch whose append fails is given back (`release`) before the batch is decided again.
 *
 * A resend of a command the stream stored lately (the same eventId, the same actor) is
 * answered with its revision before any rule or quota sees it (`RecentCommands`).
 *
 * A long stream that is not in the cache may be folded elsewhere (`foldElsewhere`: another
 * thread, on a heap of its own) and caught up from there: reading and parsing a large
 * canvas's whole log is otherwise the event loop's work (and its garbage) on a cold join.
 */
import { DomainError } from '@tabula/domain';
import type { Command, Decider, Event } from '@tabula/domain';
import type { EventStore } from './eventStore/eventStore';
import { PartialDuplicateBatchError, WrongExpectedVersionError } from './eventStore/eventStore';
import type {
  Admission,
  CommandHandlerOptions,
  FoldElsewhere,
  StreamTally,
} from './commandHandlerOptions';
import { RecentCommands } from './recentCommands';
import { SLICE_MS, TurnSlices } from './turnSlices';

/**
 * Events the catch-up reads first (one: an event may hold a thousand elements); pages grow
 * fourfold while they are cheap, up to `MAX_PAGE`.
 */
const FIRST_PAGE = 1;
const MAX_PAGE = 4096;

export interface CommandResult<State, E> {
  events: E[];
  state: State;
  /** Revision of this command's last event (or the stream's, when it produced none; -1: empty). */
  revision: number;
  /** Global log position of the batch's last event (-1 when nothing was appended). */
  position: number;
}

interface Cached<State> {
  state: State;
  revision: number;
}

interface Loaded<State, C, E> extends Cached<State> {
  tally?: StreamTally<C, E>;
  /** The commands the stream stored last (resends are answered from it). */
  recent: RecentCommands;
}

interface Queued<State, C, E> {
  command: C;
  resolve: (result: CommandResult<State, E>) => void;
  reject: (error: unknown) => void;
}

const CONFLICT_MESSAGE = 'Someone else changed this at the same time; please retry';

export class CommandHandler<State, C extends Command, E extends Event> {
  private readonly cache = new Map<string, Loaded<State, C, E>>();
  private readonly queues = new Map<string, Queued<State, C, E>[]>();
  private readonly retries: number;
  private readonly cacheSize: number;
  private readonly maxBatch: number;
  private readonly admission: Admission<C, E> | undefined;
  private readonly foldElsewhere: FoldElsewhere<State> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<State, C, E>,
    options: CommandHandlerOptions<C, E, State> = {},
  ) {
    this.retries = options.retries ?? 8;
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxBatch = options.maxBatch ?? 500;
    this.admission = options.admission;
    this.foldElsewhere = options.foldElsewhere;
  }

  /** True when the stream's state is in memory (a load of it reads only what came after). */
  cached(stream: string): boolean {
    return this.cache.has(stream);
  }

  /** The current state of a stream, after every command queued before this call. */
  async load(stream: string): Promise<Cached<State>> {
    const result = await this.enqueue(stream, null);
    return { state: result.state, revision: result.revision };
  }

  handle(stream: string, command: C): Promise<CommandResult<State, E>> {
    return this.enqueue(stream, command);
  }

  private enqueue(stream: string, command: C | null): Promise<CommandResult<State, E>> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(stream);
      // A null command is a read: it rides in the queue so it sees every command before it.
      const entry = { command: command as C, resolve, reject };
      if (queue) {
        queue.push(entry);
        return;
      }
      this.queues.set(stream, [entry]);
      void this.drain(stream);
    });
  }

  /** Processes the stream's queue batch by batch until it is empty. */
  private async drain(stream: string): Promise<void> {
    // Let the commands issued in the same tick join the first batch.
    await Promise.resolve();
    for (;;) {
      const queue = this.queues.get(stream)!;
      if (queue.length === 0) {
        this.queues.delete(stream);
        return;
      }
      const batch = queue.splice(0, this.maxBatch);
      await this.runBatch(stream, batch);
    }
  }

  private async runBatch(stream: string, batch: Queued<State, C, E>[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.decideAndAppend(stream, batch);
        return;
      } catch (error) {
        this.cache.delete(stream);
        if (error instanceof PartialDuplicateBatchError && batch.length > 1) {
          // Some command was a resend of an already stored event: append one by one, so the
          // resend is answered with its original revision and the others are stored.
          for (const entry of batch) await this.runBatch(stream, [entry]);
          return;
        }
        if (error instanceof WrongExpectedVersionError && attempt < this.retries) {
          // Another node appended to the stream first: decide again on the fresh state, after
          // a short random wait so that two nodes racing for one stream stop colliding.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
          continue;
        }
        const failure =
          error instanceof WrongExpectedVersionError
            ? new DomainError('CONFLICT', CONFLICT_MESSAGE)
            : error;
        for (const entry of batch) entry.reject(failure);
        return;
      }
    }
  }

  /**
   * Decides each command against the running state; rejected commands are answered at once
   * and leave no trace. The accepted commands' events are appended together.
   */
  private async decideAndAppend(
    stream: string,
    batch: Queued<State, C, E>[],
    fromLog = false,
  ): Promise<void> {
    const cached = fromLog ? undefined : this.cachedFor(stream, batch);
    const current = cached ?? (await this.catchUp(stream));
    let state = current.state;
    const accepted: { entry: Queued<State, C, E>; events: E[]; state: State }[] = [];
    const refused: { entry: Queued<State, C, E>; error: unknown }[] = [];
    const resent: { entry: Queued<State, C, E>; revision: number }[] = [];
    for (const entry of batch) {
      if (entry.command === null) {
        accepted.push({ entry, events: [], state });
        continue;
      }
      const { eventId, actorId } = entry.command.metadata;
      const stored = current.recent.revisionOf(eventId, actorId);
      if (stored !== undefined) {
        resent.push({ entry, revision: stored });
        continue;
      }
      try {
        const events = this.decider.decide(state, entry.command);
        current.tally?.admit(entry.command, events);
        // The tally is the cached one: a failed append drops it with the state (`runBatch`).
        for (const event of events) current.tally?.count(event);
        state = events.reduce(this.decider.evolve, state);
        accepted.push({ entry, events, state });
      } catch (error) {
        refused.push({ entry, error });
      }
    }
    if (refused.length > 0 && cached && (await this.behind(stream, cached.revision))) {
      // Refused on a copy another node has moved past: no append would have told us. Decide
      // the batch again on the log (the copy's tally counted this batch: it goes too).
      this.cache.delete(stream);
      return this.decideAndAppend(stream, batch, true);
    }
    const events = accepted.flatMap((item) => item.events);
    let position = -1;
    let lastRevision = current.revision;
    if (events.length > 0) {
      const expectedRevision = current.revision < 0 ? 'no_stream' : current.revision;
      const appended = await this.store
        .append(stream, events, { expectedRevision })
        .catch((error: unknown) => {
          // Nothing was stored: the batch is decided (and admitted) again, or refused.
          release(current.tally, accepted);
          throw error;
        });
      position = appended.position;
      lastRevision = appended.nextRevision;
      if (appended.nextRevision === current.revision + events.length) {
        let revision = current.revision;
        for (const event of events) current.recent.stored(event.metadata, ++revision);
        this.remember(stream, { ...current, state, revision: appended.nextRevision });
      } else {
        // A whole-batch resend: the store answers the original batch's last revision only, and
        // the cache catches up from the store next time instead of trusting this state. What
        // the resent commands were admitted is given back: their first sending paid for it.
        release(current.tally, accepted);
        this.cache.delete(stream);
        const appending = accepted.filter((item) => item.events.length > 0);
        if (appending.length > 1) {
          // Several resends at once: each one alone, so each is told its own original revision.
          for (const { entry, error } of refused) entry.reject(error);
          for (const { entry } of accepted) await this.runBatch(stream, [entry]);
          return;
        }
      }
    }
    for (const { entry, error } of refused) entry.reject(error);
    for (const { entry, revision } of resent)
      entry.resolve({ events: [], state, revision, position: -1 });
    let revision = lastRevision - events.length;
    for (const item of accepted) {
      revision += item.events.length;
      const own = item.events.length > 0 ? revision : lastRevision;
      item.entry.resolve({
        events: item.events,
        state: item.state,
        revision: own,
        position: item.events.length ? position : -1,
      });
    }
  }

  /**
   * The cached state, when a batch of commands may be decided on it without reading the log:
   * an append names the revision it expects, so if another node (or process) wrote meanwhile
   * the store refuses it and the batch is decided again on a fresh read (`runBatch`); a
   * refusal is checked against the log before it is answered (`behind`). That saves a read of
   * the log per command. A read (null command) always catches up: it must see what other
   * nodes appended.
   */
  private cachedFor(stream: string, batch: Queued<State, C, E>[]): Loaded<State, C, E> | undefined {
    if (batch.some((entry) => entry.command === null)) return undefined;
    return this.cache.get(stream);
  }

  /**
   * The revision of a command the stream stored lately, sent with `eventId` by `actorId`;
   * undefined when it is not remembered (it may still be stored: deciding it again tells).
   */
  storedRevision(stream: string, eventId: string, actorId: string): number | undefined {
    return this.cache.get(stream)?.recent.revisionOf(eventId, actorId);
  }

  /** True when the log holds events of the stream after `revision`. */
  private async behind(stream: string, revision: number): Promise<boolean> {
    const next = await this.store.readStream(stream, { fromRevision: revision + 1, maxCount: 1 });
    return next.length > 0;
  }

  /**
   * The stream's state from the log after the cached one: read in pages sized to what a page
   * costs (the events are parsed as they are read), folding one event at a time and yielding
   * to the event loop between slices (`TurnSlices`), so the first command or read of a large
   * canvas (a cold join of 50,000 elements reads thousands of events) never holds the server.
   */
  private async catchUp(stream: string): Promise<Loaded<State, C, E>> {
    const inCache = this.cache.get(stream);
    const cached = inCache ?? (await this.coldStart(stream));
    const slices = new TurnSlices();
    let { state, revision } = cached;
    let page = FIRST_PAGE;
    for (;;) {
      const began = performance.now();
      const recorded = await this.store.readStream(stream, {
        fromRevision: revision + 1,
        maxCount: page,
      });
      for (const record of recorded) {
        state = this.decider.evolve(state, record.event as E);
        cached.tally?.count(record.event as E);
        cached.recent.stored((record.event as E).metadata, record.revision);
        revision = record.revision;
        await slices.due();
      }
      if (recorded.length < page) break;
      const took = performance.now() - began;
      page =
        took < SLICE_MS / 4
          ? Math.min(MAX_PAGE, page * 2)
          : took > SLICE_MS
            ? Math.max(1, page >> 1)
            : page;
      await slices.due();
    }
    // Nothing new: the cached entry as it is (a fold from elsewhere is remembered all the same).
    if (revision === cached.revision && (inCache || revision < 0)) return cached;
    const fresh = { ...cached, state, revision };
    this.remember(stream, fresh);
    return fresh;
  }

  /**
   * Where the catch-up of a stream that is not cached starts: the stream folded elsewhere when
   * it is long (it has an event at `foldElsewhere.after`), else nothing folded yet.
   */
  private async coldStart(stream: string): Promise<Loaded<State, C, E>> {
    const elsewhere = this.foldElsewhere;
    const long =
      elsewhere &&
      (await this.store.readStream(stream, { fromRevision: elsewhere.after, maxCount: 1 })).length >
        0;
    const folded = long ? await elsewhere.fold(stream) : undefined;
    if (!folded)
      return {
        state: this.decider.initialState(),
        revision: -1,
        tally: this.admission?.tally(stream),
        recent: new RecentCommands(),
      };
    return {
      state: folded.state,
      revision: folded.revision,
      tally: this.admission?.tally(stream, folded.counted),
      recent: RecentCommands.from(folded.recent),
    };
  }

  private remember(stream: string, entry: Loaded<State, C, E>): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/** Gives back what the tally admitted for commands whose events were not stored. */
function release<C, E>(
  tally: StreamTally<C, E> | undefined,
  accepted: readonly { entry: { command: C | null }; events: readonly E[] }[],
): void {
  if (!tally?.release) return;
  for (const { entry, events } of accepted)
    if (entry.command !== null && events.length > 0) tally.release(entry.command, events);
}
