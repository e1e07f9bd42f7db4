import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { backgroundMachine } from './backgroundMachine';

describe('backgroundMachine', () => {
  it('moves to the next of 3 pictures every 30 s and wraps around', () => {
    const clock = new SimulatedClock();
    const actor = createActor(backgroundMachine, { clock, input: { count: 3 } }).start();
    const seen = [actor.getSnapshot().context.index];

    for (let i = 0; i < 3; i += 1) {
      clock.increment(30000);
      seen.push(actor.getSnapshot().context.index);
    }

    expect(seen).toEqual([0, 1, 2, 0]);
  });

  it('keeps the picture until the 30 s are up', () => {
    const clock = new SimulatedClock();
    const actor = createActor(backgroundMachine, { clock, input: { count: 3 } }).start();

    clock.increment(29999);

    expect(actor.getSnapshot().context.index).toBe(0);
  });
});
