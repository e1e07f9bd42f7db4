/**
 * The three message shapes of the domain. Every state change in Tabula is an `Event`
 * appended to a stream; every request to change state is a `Command`; an aggregate is a
 * `Decider` (pure `decide` + `evolve`). No I/O and no clock here: time arrives in metadata.
 */

export interface EventMetadata {
  /** Unique per event; appending the same eventId twice to a stream stores it once. */
  eventId: string;
  /** The user (or 'system') who caused the event. */
  actorId: string;
  /** ISO-8601 instant, from the injected clock. */
  occurredAt: string;
  correlationId?: string;
}

export interface Event<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface CommandMetadata {
  /** Who asks; always taken from the authenticated session, never from a payload. */
  actorId: string;
  /** ISO-8601 instant from the injected clock. */
  now: string;
  /** Event ids for the events this command produces (the first one, when a client gave one). */
  eventId: string;
  correlationId?: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

export interface Decider<State, Cmd extends Command, Evt extends Event> {
  initialState(): State;
  decide(state: State, command: Cmd): Evt[];
  evolve(state: State, event: Evt): State;
}
