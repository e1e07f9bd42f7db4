import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signOutMachine } from './signOutMachine';

/** The machine with recording actions and `unsent` as the device's answer. */
function signOut(unsent: boolean | Error) {
  const calls: string[] = [];
  const machine = signOutMachine.provide({
    actors: {
      hasUnsentChanges: fromPromise(async () => {
        if (unsent instanceof Error) throw unsent;
        return unsent;
      }),
    },
    actions: {
      clearAppState: () => calls.push('clearAppState'),
      clearStorage: () => calls.push('clearStorage'),
      emitLogOut: (_, { userId }) => calls.push(`log-out:${userId}`),
      forgetDevice: (_, { userId }) => calls.push(`forget:${userId}`),
      navigate: (_, { to }) => calls.push(`navigate:${to}`),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

const SIGNED_OUT = ['clearAppState', 'clearStorage', 'log-out:u1', 'forget:u1', 'navigate:/signin'];

describe('signOutMachine', () => {
  it('with nothing unsent: clears state and storage, emits log-out, forgets the device, goes to /signin', async () => {
    const { actor, calls } = signOut(false);
    actor.send({ type: 'signout.request', userId: 'u1' });
    await waitFor(actor, () => calls.length > 0);
    expect(calls).toEqual(SIGNED_OUT);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('with changes not sent: asks first; Cancel keeps everything, confirming signs out', async () => {
    const { actor, calls } = signOut(true);
    actor.send({ type: 'signout.request', userId: 'u1' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirming'));
    actor.send({ type: 'signout.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls).toEqual([]);

    actor.send({ type: 'signout.request', userId: 'u1' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('confirming'));
    actor.send({ type: 'signout.confirm' });
    expect(calls).toEqual(SIGNED_OUT);
  });

  it('signs out when the device cannot tell', async () => {
    const { actor, calls } = signOut(new Error('no IndexedDB'));
    actor.send({ type: 'signout.request', userId: 'u1' });
    await waitFor(actor, () => calls.length > 0);
    expect(calls).toEqual(SIGNED_OUT);
  });
});
