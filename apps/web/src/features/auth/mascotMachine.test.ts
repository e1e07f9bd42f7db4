import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { mascotMachine, mascotPose } from './mascotMachine';

describe('mascotMachine', () => {
  it('watches a focused text field and covers its eyes on the password', () => {
    const actor = createActor(mascotMachine, { clock: new SimulatedClock() }).start();
    expect(mascotPose(actor.getSnapshot())).toBe('idle');

    actor.send({ type: 'mascot.focus', field: 'text' });
    expect(mascotPose(actor.getSnapshot())).toBe('watching');

    actor.send({ type: 'mascot.focus', field: 'password' });
    expect(mascotPose(actor.getSnapshot())).toBe('shy');
  });

  it('resets 2000 ms after the field loses focus', () => {
    const clock = new SimulatedClock();
    const actor = createActor(mascotMachine, { clock }).start();

    actor.send({ type: 'mascot.focus', field: 'password' });
    actor.send({ type: 'mascot.blur' });
    clock.increment(1999);
    expect(mascotPose(actor.getSnapshot())).toBe('shy');

    clock.increment(1);
    expect(mascotPose(actor.getSnapshot())).toBe('idle');
  });

  it('does not reset when another field takes focus within the 2000 ms', () => {
    const clock = new SimulatedClock();
    const actor = createActor(mascotMachine, { clock }).start();

    actor.send({ type: 'mascot.focus', field: 'text' });
    actor.send({ type: 'mascot.blur' });
    clock.increment(1000);
    actor.send({ type: 'mascot.focus', field: 'text' });
    clock.increment(2000);

    expect(mascotPose(actor.getSnapshot())).toBe('watching');
  });
});
