import { describe, expect, it } from 'vitest';
import { createInMemoryPresenceStore } from './inMemoryPresenceStore';
import { describePresenceStoreContract } from './presenceStore.contract';

describePresenceStoreContract('in-memory', ({ ttlMs, now }) =>
  createInMemoryPresenceStore({ ttlMs, now }),
);

describe('in-memory presence store', () => {
  it('never expires entries by default, so the embedded server needs no heartbeat', async () => {
    let time = 0;
    const store = createInMemoryPresenceStore({ now: () => time });
    await store.setOnline('u1', 's1', 'socket', { username: 'ada', profilePhoto: '' });
    time += 365 * 24 * 3600 * 1000;
    expect(await store.isUserOnline('u1')).toBe(true);
  });
});
