import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signUpMachine } from './signUpMachine';
import type { SignUpForm } from './signUpMachine';

const session = {
  user: { id: 'u9', username: 'grace', name: '', email: 'g@x.io', profilePhoto: 'data:,' },
  token: 't9',
};

function start(error?: Error) {
  const sent: SignUpForm[] = [];
  const effects = { storeSession: vi.fn(), showAlert: vi.fn(), showFieldError: vi.fn() };
  const machine = signUpMachine.provide({
    actors: {
      createUser: fromPromise(async ({ input }: { input: SignUpForm }) => {
        sent.push(input);
        if (error) throw error;
        return session;
      }),
    },
    actions: {
      storeSession: (_, p) => effects.storeSession(p),
      showAlert: (_, p) => effects.showAlert(p),
      showFieldError: (_, p) => effects.showFieldError(p),
    },
  });
  return { actor: createActor(machine).start(), sent, effects };
}

describe('signUpMachine', () => {
  it('creates the user and stores the session', async () => {
    const { actor, sent, effects } = start();

    actor.send({ type: 'signup.submit', username: 'grace', email: 'g@x.io', password: 'pw' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');

    expect(sent).toEqual([{ username: 'grace', email: 'g@x.io', password: 'pw' }]);
    expect(effects.storeSession).toHaveBeenCalledWith(session);
  });

  it("shows the server's message when the email is taken", async () => {
    const { actor, effects } = start(new Error('Email already exists'));

    actor.send({ type: 'signup.submit', username: 'grace', email: 'g@x.io', password: 'pw' });
    await waitFor(actor, (s) => s.matches('idle'));

    expect(effects.showFieldError).toHaveBeenCalledWith({ text: 'Email already exists' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Email already exists',
      type: 'danger',
    });
    expect(effects.storeSession).not.toHaveBeenCalled();
  });
});
