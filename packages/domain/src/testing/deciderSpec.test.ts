import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import type { Command, Decider, Event } from '../shared/messages';
import { deciderSpec, foldEvents } from './deciderSpec';
import { commandMeta, eventMeta } from './fixtures';

type Added = Event<'Added', { n: number }>;
type Add = Command<'Add', { n: number }>;

/** A counter that refuses to go above 3. */
const counter: Decider<number, Add, Added> = {
  initialState: () => 0,
  decide(state, command) {
    if (state + command.data.n > 3) throw new DomainError('CONFLICT', 'Too much');
    return [{ type: 'Added', data: command.data, metadata: eventMeta(command.metadata.actorId) }];
  },
  evolve: (state, event) => state + event.data.n,
};

const added = (n: number): Added => ({ type: 'Added', data: { n }, metadata: eventMeta('u') });
const add = (n: number): Add => ({ type: 'Add', data: { n }, metadata: commandMeta('u') });

describe('deciderSpec', () => {
  const spec = deciderSpec(counter);

  it('folds the given events before deciding', () => {
    expect(foldEvents(counter, [added(1), added(2)])).toBe(3);
    spec
      .given([added(2)])
      .when(add(1))
      .then([added(1)]);
    spec
      .given([added(2)])
      .when(add(2))
      .thenThrows('CONFLICT', 'Too much');
  });

  it('fails when the events differ, or when decide does not throw what was expected', () => {
    expect(() =>
      spec
        .given([])
        .when(add(1))
        .then([added(2)]),
    ).toThrow();
    expect(() => spec.given([]).when(add(1)).thenThrows('CONFLICT')).toThrow();
    expect(() =>
      spec
        .given([added(3)])
        .when(add(1))
        .thenThrows('FORBIDDEN'),
    ).toThrow();
    expect(() =>
      spec
        .given([added(3)])
        .when(add(1))
        .thenThrows('CONFLICT', 'Other'),
    ).toThrow();
  });
});
