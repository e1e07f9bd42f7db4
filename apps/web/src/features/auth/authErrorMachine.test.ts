import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { authErrorMachine } from './authErrorMachine';

describe('authErrorMachine', () => {
  it('shows the text for 5000 ms, then clears it', () => {
    const clock = new SimulatedClock();
    const actor = createActor(authErrorMachine, { clock }).start();

    actor.send({ type: 'error.show', text: 'Invalid email or password' });
    clock.increment(4999);
    expect(actor.getSnapshot().context.text).toBe('Invalid email or password');

    clock.increment(1);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('restarts the 5 s when a new failure arrives', () => {
    const clock = new SimulatedClock();
    const actor = createActor(authErrorMachine, { clock }).start();

    actor.send({ type: 'error.show', text: 'first' });
    clock.increment(3000);
    actor.send({ type: 'error.show', text: 'second' });
    clock.increment(3000);

    expect(actor.getSnapshot().context.text).toBe('second');
    clock.increment(2000);
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('keeps the field the text belongs under (the password field unless told)', () => {
    const actor = createActor(authErrorMachine, { clock: new SimulatedClock() }).start();

    actor.send({ type: 'error.show', text: 'Username already exists', field: 'username' });
    expect(actor.getSnapshot().context).toEqual({
      text: 'Username already exists',
      field: 'username',
    });

    actor.send({ type: 'error.show', text: 'Invalid email or password.' });
    expect(actor.getSnapshot().context.field).toBe('password');
  });
});
