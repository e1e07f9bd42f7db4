import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appLoadMachine, retryDelayMs } from './appLoadMachine';
import type { SessionUser } from './session';

const user: SessionUser = {
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  email: 'a@x.io',
  profilePhoto: 'data:,',
};

interface StartOptions {
  elsewhere?: boolean;
  /** What each fetchUser attempt throws, in turn (then it answers the user). */
  fetchErrors?: unknown[];
  /** What each check attempt throws, in turn (then it answers). */
  checkErrors?: unknown[];
  /** The user this device kept from its last session. */
  keptUser?: SessionUser | null;
  /** The wait between attempts (default none). */
  retryMs?: number;
}

const refusedToken = Object.assign(new Error('Please authenticate using a valid token'), {
  status: 401,
});
const offline = Object.assign(new Error('Something went wrong'), { status: 0 });
const serverDown = Object.assign(new Error('Something went wrong'), { status: 503 });
const realtimeTimeout = Object.assign(new Error('Something went wrong'), { code: 'TIMEOUT' });
const handshakeRefused = Object.assign(new Error('Please authenticate using a valid token'), {
  code: 'NOT_AUTHENTICATED',
});

function start(token: string | null, options: StartOptions = {}) {
  const fetchErrors = [...(options.fetchErrors ?? [])];
  const checkErrors = [...(options.checkErrors ?? [])];
  const attempts = { fetch: 0, check: 0 };
  const effects = {
    storeSession: vi.fn(),
    cleanupStorage: vi.fn(),
    cleanupState: vi.fn(),
    loadCanvases: vi.fn(),
    resumeKeptSession: vi.fn(),
  };
  const machine = appLoadMachine.provide({
    actors: {
      fetchUser: fromPromise(async () => {
        attempts.fetch += 1;
        if (fetchErrors.length > 0) throw fetchErrors.shift();
        return user;
      }),
      checkLoggedInElsewhere: fromPromise(async () => {
        attempts.check += 1;
        if (checkErrors.length > 0) throw checkErrors.shift();
        return options.elsewhere ?? false;
      }),
      loadCanvases: fromPromise(async ({ input }: { input: { token: string } }) => {
        effects.loadCanvases(input);
      }),
    },
    actions: {
      storeSession: (_, params) => effects.storeSession(params),
      resumeKeptSession: (_, params) => effects.resumeKeptSession(params),
      cleanupStorage: effects.cleanupStorage,
      cleanupState: effects.cleanupState,
    },
    delays: { retry: options.retryMs ?? 0 },
  });
  const actor = createActor(machine, {
    input: { token, keptUser: options.keptUser ?? null },
  }).start();
  return { actor, effects, attempts };
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

  it('cleans up a token the server refuses, over REST or at the realtime handshake', async () => {
    for (const options of [{ fetchErrors: [refusedToken] }, { checkErrors: [handshakeRefused] }]) {
      const { actor, effects } = start('stale', options);

      await waitFor(actor, (s) => s.status === 'done');

      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(effects.cleanupStorage).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps the token and asks again while the server does not answer', async () => {
    const { actor, effects, attempts } = start('tok', {
      fetchErrors: [offline, serverDown],
      checkErrors: [realtimeTimeout],
    });

    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects.cleanupStorage).not.toHaveBeenCalled();
    expect(effects.cleanupState).not.toHaveBeenCalled();
    expect(effects.storeSession).toHaveBeenCalledWith({ user, token: 'tok' });
    // Two unanswered fetches, then a fetch whose check timed out, then one that went through.
    expect(attempts).toEqual({ fetch: 4, check: 2 });
  });

  it('starts offline from the kept session when the request never reached a server', async () => {
    const { actor, effects } = start('tok', {
      fetchErrors: [offline],
      keptUser: user,
      retryMs: 3_600_000,
    });

    await waitFor(actor, (s) => s.hasTag('offline'));

    expect(effects.resumeKeptSession).toHaveBeenCalledWith({ user, token: 'tok' });
    expect(effects.cleanupStorage).not.toHaveBeenCalled();
    expect(effects.storeSession).not.toHaveBeenCalled();
  });

  it('asks the server again when the network returns, and then goes on signed in', async () => {
    const { actor, effects, attempts } = start('tok', {
      fetchErrors: [new TypeError('Failed to fetch')],
      keptUser: user,
      retryMs: 3_600_000,
    });
    await waitFor(actor, (s) => s.hasTag('offline'));

    actor.send({ type: 'network.online' });
    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(effects.storeSession).toHaveBeenCalledWith({ user, token: 'tok' });
    expect(attempts.fetch).toBe(2);
  });

  it('signs out when the server, back, refuses the kept session', async () => {
    const { actor, effects } = start('tok', {
      fetchErrors: [offline, refusedToken],
      keptUser: user,
    });

    await waitFor(actor, (s) => s.status === 'done');

    expect(effects.resumeKeptSession).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.cleanupStorage).toHaveBeenCalledTimes(1);
    expect(effects.cleanupState).toHaveBeenCalledTimes(1);
  });

  it('does not start offline from an HTTP error, nor without a kept user', async () => {
    for (const options of [
      { fetchErrors: [serverDown], keptUser: user },
      { fetchErrors: [offline], keptUser: null },
    ]) {
      const { actor, effects } = start('tok', { ...options, retryMs: 3_600_000 });

      await waitFor(actor, (s) => s.matches('unavailable'));

      expect(effects.resumeKeptSession).not.toHaveBeenCalled();
      actor.stop();
    }
  });

  it('waits 1 s after the first unanswered attempt, doubling up to 30 s', () => {
    expect([1, 2, 3, 5, 6, 10].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });
});
