import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signOutMachine } from './signOutMachine';

describe('signOutMachine', () => {
  it('clears state and storage, emits log-out, then goes to /signin', () => {
    const calls: string[] = [];
    const machine = signOutMachine.provide({
      actions: {
        clearAppState: () => calls.push('clearAppState'),
        clearStorage: () => calls.push('clearStorage'),
        emitLogOut: (_, { userId }) => calls.push(`log-out:${userId}`),
        navigate: (_, { to }) => calls.push(`navigate:${to}`),
      },
    });
    const actor = createActor(machine).start();

    actor.send({ type: 'signout.request', userId: 'u1' });

    expect(calls).toEqual(['clearAppState', 'clearStorage', 'log-out:u1', 'navigate:/signin']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
