import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine } from './loginMachine';
import type { LoginRequest, Session } from './session';

const session: Session = {
  user: {
    id: 'u1',
    username: 'ada',
    name: 'Ada',
    email: 'ada@example.com',
    profilePhoto: 'data:,',
  },
  token: 'tok-1',
};

function start(options: { loggedInElsewhere?: boolean; loginError?: Error } = {}) {
  const calls = { login: [] as LoginRequest[], check: [] as Session[] };
  const effects = {
    storeSession: vi.fn(),
    navigate: vi.fn(),
    showAlert: vi.fn(),
    showFieldError: vi.fn(),
  };
  const machine = loginMachine.provide({
    actors: {
      loginUser: fromPromise(async ({ input }: { input: LoginRequest }) => {
        calls.login.push(input);
        if (options.loginError) throw options.loginError;
        return session;
      }),
      checkLoggedInElsewhere: fromPromise(async ({ input }: { input: Session }) => {
        calls.check.push(input);
        return options.loggedInElsewhere ?? false;
      }),
    },
    actions: {
      storeSession: (_, params) => effects.storeSession(params),
      navigate: (_, params) => effects.navigate(params),
      showAlert: (_, params) => effects.showAlert(params),
      showFieldError: (_, params) => effects.showFieldError(params),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, effects };
}

describe('loginMachine', () => {
  it('stores the session and navigates to / when no other device is online', async () => {
    const { actor, calls, effects } = start();

    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'pw' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');

    expect(calls.login).toEqual([{ kind: 'password', email: 'ada@example.com', password: 'pw' }]);
    expect(calls.check).toEqual([session]);
    expect(effects.storeSession).toHaveBeenCalledWith(session);
    expect(effects.navigate).toHaveBeenCalledWith({ to: '/' });
    expect(effects.showAlert).not.toHaveBeenCalled();
  });

  it("refuses with 'Logout from other device first!' when another device is online", async () => {
    const { actor, effects } = start({ loggedInElsewhere: true });

    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('idle'));

    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Logout from other device first!',
      type: 'danger',
    });
    expect(effects.storeSession).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it("shows the server's message under the field and as a danger alert on failure", async () => {
    const { actor, effects } = start({ loginError: new Error('Invalid email or password') });

    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'bad' });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));

    expect(effects.showFieldError).toHaveBeenCalledWith({ text: 'Invalid email or password' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Invalid email or password',
      type: 'danger',
    });
    expect(effects.storeSession).not.toHaveBeenCalled();
  });

  it('signs in a demo account without a password', async () => {
    const { actor, calls } = start();

    actor.send({ type: 'login.demo', account: 2 });
    await waitFor(actor, (s) => s.status === 'done');

    expect(calls.login).toEqual([{ kind: 'demo', account: 2 }]);
  });

  it('notes a demo account another visitor is using, with no alert and no field error (the note is the one message)', async () => {
    const inUse = new Error('Logout from other device first!');
    const { actor, effects } = start({ loginError: inUse });

    actor.send({ type: 'login.demo', account: 1 });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));
    expect(actor.getSnapshot().context.demoInUse).toEqual([1]);
    expect(effects.showAlert).not.toHaveBeenCalled();
    expect(effects.showFieldError).not.toHaveBeenCalled();

    actor.send({ type: 'login.demo', account: 2 });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));
    actor.send({ type: 'login.demo', account: 1 });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));
    expect(actor.getSnapshot().context.demoInUse).toEqual([1, 2]);
  });

  it('notes the demo account when the realtime check finds it online elsewhere (no alert)', async () => {
    const { actor, effects } = start({ loggedInElsewhere: true });

    actor.send({ type: 'login.demo', account: 2 });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));

    expect(actor.getSnapshot().context.demoInUse).toEqual([2]);
    expect(effects.showAlert).not.toHaveBeenCalled();
  });

  it('does not note a demo account for an email sign-in refused on another device', async () => {
    const { actor, effects } = start({ loginError: new Error('Logout from other device first!') });

    actor.send({ type: 'login.submit', email: 'ada@example.com', password: 'pw' });
    await waitFor(actor, (s) => s.matches('idle') && !s.hasTag('busy'));

    expect(actor.getSnapshot().context.demoInUse).toEqual([]);
    // Once: the spec's danger alert, not also under the password field.
    expect(effects.showAlert).toHaveBeenCalledTimes(1);
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Logout from other device first!',
      type: 'danger',
    });
    expect(effects.showFieldError).not.toHaveBeenCalled();
  });
});
