import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appLoadMachine } from './appLoadMachine';
import type { SessionUser } from './session';

const user: SessionUser = {
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  email: 'a@x.io',
  profilePhoto: 'data:,',
};

function start(token: string | null, options: { elsewhere?: boolean; fetchFails?: boolean } = {}) {
  const effects = {
    storeSession: vi.fn(),
    cleanupStorage: vi.fn(),
    cleanupState: vi.fn(),
    loadCanvases: vi.fn(),
  };
  const machine = appLoadMachine.provide({
    actors: {
      fetchUser: fromPromise(async () => {
        if (options.fetchFails) throw new Error('Please authenticate using a valid token');
        return user;
      }),
      checkLoggedInElsewhere: fromPromise(async () => options.elsewhere ?? false),
      loadCanvases: fromPromise(async ({ input }: { input: { token: string } }) => {
        effects.loadCanvases(input);
      }),
    },
    actions: {
      storeSession: (_, params) => effects.storeSession(params),
      cleanupStorage: effects.cleanupStorage,
      cleanupState: effects.cleanupState,
    },
  });
  const actor = createActor(machine, { input: { token } }).start();
  return { actor, effects };
}

describe('appLoadMachine', () => {
  it('stays signed out without a stored token', () => {
    const { actor, effects } = start(null);

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.cleanupStorage).not.toHaveBeenCalled();
  });

  it('fetches the user, stores the session and loads the canvases', async () => {
    const { actor, effects } = start('tok');

    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects.storeSession).toHaveBeenCalledWith({ user, token: 'tok' });
    expect(effects.loadCanvases).toHaveBeenCalledWith({ token: 'tok' });
  });

  it("cleans up 'token' and 'background-color' when logged in elsewhere", async () => {
    const { actor, effects } = start('tok', { elsewhere: true });

    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.cleanupStorage).toHaveBeenCalledTimes(1);
    expect(effects.cleanupState).toHaveBeenCalledTimes(1);
    expect(effects.storeSession).not.toHaveBeenCalled();
  });

  it('cleans up a token the server refuses', async () => {
    const { actor, effects } = start('stale', { fetchFails: true });

    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.cleanupStorage).toHaveBeenCalledTimes(1);
  });
});
