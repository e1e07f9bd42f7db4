/**
 * A tiny given/when/then helper over a `Decider`, for tests only (it imports vitest):
 *
 *   const spec = deciderSpec(canvasDecider);
 *   spec.given([created]).when(rename).then([renamed]);
 *   spec.given([created]).when(renameByStranger).thenThrows('FORBIDDEN', 'Not allowed!');
 *
 * `given` folds past events with `evolve` from `initialState()`; `when` runs `decide`.
 * The object `when` returns has a `then` method, so never `await` it or return it from an
 * async function: call `.then(...)` / `.thenThrows(...)` directly.
 */
import { expect } from 'vitest';
import type { DomainErrorCode } from '../shared/errors';
import { DomainError } from '../shared/errors';
import type { Command, Decider, Event } from '../shared/messages';

export interface DeciderThen<Evt> {
  /** Asserts that `decide` returns exactly these events (data and metadata). */
  then(expected: Evt[]): void;
  /** Asserts that `decide` throws a `DomainError` with this code (and message, when given). */
  thenThrows(code: DomainErrorCode, message?: string): void;
}

export interface DeciderWhen<Cmd, Evt> {
  when(command: Cmd): DeciderThen<Evt>;
}

export interface DeciderSpec<Cmd, Evt> {
  given(events: Evt[]): DeciderWhen<Cmd, Evt>;
}

/** Builds the given/when/then helper for one decider. */
export function deciderSpec<State, Cmd extends Command, Evt extends Event>(
  decider: Decider<State, Cmd, Evt>,
): DeciderSpec<Cmd, Evt> {
  return {
    given(events) {
      return {
        when(command) {
          const run = (): Evt[] => decider.decide(foldEvents(decider, events), command);
          return {
            then(expected) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code, message) {
              let decided: Evt[] | undefined;
              let thrown: unknown;
              try {
                decided = run();
              } catch (error) {
                thrown = error;
              }
              expect(decided, `expected ${code}, but decide returned events`).toBeUndefined();
              expect(thrown).toBeInstanceOf(DomainError);
              expect(thrown).toMatchObject(message === undefined ? { code } : { code, message });
            },
          };
        },
      };
    },
  };
}

/** The state after `events`, folded with the decider's `evolve` from its initial state. */
export function foldEvents<State, Cmd extends Command, Evt extends Event>(
  decider: Decider<State, Cmd, Evt>,
  events: readonly Evt[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
