import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { alertMachine } from './alertMachine';

describe('alertMachine', () => {
  it('shows the text and type, then hides after 3 s', () => {
    const clock = new SimulatedClock();
    const actor = createActor(alertMachine, { clock }).start();

    actor.send({ type: 'alert.show', text: 'Not allowed!', alertType: 'danger' });
    expect(actor.getSnapshot().context).toEqual({ text: 'Not allowed!', alertType: 'danger' });

    clock.increment(3000);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('hides at once when dismissed', () => {
    const actor = createActor(alertMachine, { clock: new SimulatedClock() }).start();

    actor.send({ type: 'alert.show', text: 'x', alertType: 'alert' });
    actor.send({ type: 'alert.dismiss' });

    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
