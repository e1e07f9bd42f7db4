/**
 * The behaviour every PresenceStore adapter must show, run by each adapter's test file. Time
 * is a fake clock the suite advances, so TTL expiry is tested without waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PresenceInfo, PresenceStore } from './presenceStore';

/** What the suite hands the factory: a fresh namespace, the TTL and the fake clock. */
export interface PresenceStoreFactoryOptions {
  namespace: string;
  ttlMs: number;
  now: () => number;
}

export type PresenceStoreFactory = (
  options: PresenceStoreFactoryOptions,
) => PresenceStore | Promise<PresenceStore>;

const TTL = 60_000;
const ada: PresenceInfo = { username: 'ada', profilePhoto: 'data:image/svg+xml,a' };
const bob: PresenceInfo = { username: 'bob', profilePhoto: 'data:image/svg+xml,b' };
let counter = 0;

/** Registers the contract suite for one adapter. */
export function describePresenceStoreContract(name: string, factory: PresenceStoreFactory): void {
  describe(`PresenceStore contract: ${name}`, () => {
    const opened: PresenceStore[] = [];
    let time = 1_763_700_000_000;
    const clock = { advance: (ms: number) => (time += ms) };

    async function open(): Promise<PresenceStore> {
      const store = await factory({
        namespace: `presence${++counter}`,
        ttlMs: TTL,
        now: () => time,
      });
      opened.push(store);
      return store;
    }

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it('starts with nobody online, and answers a ping', async () => {
      const store = await open();
      await expect(store.ping()).resolves.toBeUndefined();
      expect(await store.onlineUsers()).toEqual([]);
      expect(await store.isUserOnline('u1')).toBe(false);
      expect(await store.setOffline('never-seen')).toBeNull();
    });

    it('lists each online user once, sorted by id, with the info of their latest socket', async () => {
      const store = await open();
      await store.setOnline('u2', 's2', 'socket-b', bob);
      await store.setOnline('u1', 's1', 'socket-a1', ada);
      clock.advance(1);
      await store.setOnline('u1', 's1', 'socket-a2', { ...ada, username: 'ada-renamed' });
      expect(await store.onlineUsers()).toEqual([
        { userId: 'u1', username: 'ada-renamed', profilePhoto: ada.profilePhoto },
        { userId: 'u2', username: 'bob', profilePhoto: bob.profilePhoto },
      ]);
    });

    it('setOffline says whether the user went offline: only when the last socket leaves', async () => {
      const store = await open();
      await store.setOnline('u1', 's1', 'tab-1', ada);
      await store.setOnline('u1', 's1', 'tab-2', ada);
      await store.setOnline('u2', 's2', 'socket-b', bob);

      expect(await store.setOffline('tab-1')).toEqual({
        userId: 'u1',
        sessionId: 's1',
        userWentOffline: false,
      });
      expect(await store.isUserOnline('u1')).toBe(true);
      expect(await store.setOffline('tab-2')).toEqual({
        userId: 'u1',
        sessionId: 's1',
        userWentOffline: true,
      });
      expect(await store.setOffline('tab-2')).toBeNull();
      expect(await store.isUserOnline('u1')).toBe(false);
      expect(await store.onlineUsers()).toEqual([{ userId: 'u2', ...bob }]);
    });

    it('tells another device (another session) from another tab of the same session', async () => {
      const store = await open();
      await store.setOnline('u1', 'laptop', 'tab-1', ada);
      await store.setOnline('u1', 'laptop', 'tab-2', ada);
      expect(await store.otherSessionOnline('u1', 'laptop')).toBe(false);
      expect(await store.otherSessionOnline('u1', 'phone')).toBe(true);
      expect(await store.otherSessionOnline('u2', 'any')).toBe(false);

      await store.setOnline('u1', 'phone', 'socket-p', ada);
      expect(await store.otherSessionOnline('u1', 'laptop')).toBe(true);
      await store.setOffline('socket-p');
      expect(await store.otherSessionOnline('u1', 'laptop')).toBe(false);
    });

    it('setOnline again on a socket replaces its entry, even for another user', async () => {
      const store = await open();
      await store.setOnline('u1', 's1', 'socket', ada);
      await store.setOnline('u2', 's2', 'socket', bob);
      expect(await store.isUserOnline('u1')).toBe(false);
      expect(await store.onlineUsers()).toEqual([{ userId: 'u2', ...bob }]);
      expect(await store.setOffline('socket')).toEqual({
        userId: 'u2',
        sessionId: 's2',
        userWentOffline: true,
      });
    });

    it('an entry not refreshed within the TTL counts as offline; refresh renews this store’s sockets', async () => {
      const store = await open();
      await store.setOnline('u1', 's1', 'socket-a', ada);
      clock.advance(TTL / 2);
      await store.refresh();
      clock.advance(TTL / 2 + 1);
      expect(await store.isUserOnline('u1')).toBe(true);

      clock.advance(TTL);
      expect(await store.isUserOnline('u1')).toBe(false);
      expect(await store.onlineUsers()).toEqual([]);
      expect(await store.otherSessionOnline('u1', 'other')).toBe(false);
      // The socket is still connected to this node: the next heartbeat brings it back.
      await store.refresh();
      expect(await store.onlineUsers()).toEqual([{ userId: 'u1', ...ada }]);
      // An expired socket that disconnects reports nothing: it was already offline.
      clock.advance(TTL);
      expect(await store.setOffline('socket-a')).toBeNull();
      await store.refresh();
      expect(await store.isUserOnline('u1')).toBe(false);
    });

    it('keeps `__proto__` ids and names as plain data', async () => {
      const store = await open();
      await store.setOnline('__proto__', '__proto__', '__proto__', {
        username: '__proto__',
        profilePhoto: 'constructor',
      });
      await store.setOnline('constructor', 's', 'constructor', ada);
      expect(await store.onlineUsers()).toEqual([
        { userId: '__proto__', username: '__proto__', profilePhoto: 'constructor' },
        { userId: 'constructor', ...ada },
      ]);
      expect(await store.isUserOnline('__proto__')).toBe(true);
      expect(await store.setOffline('__proto__')).toEqual({
        userId: '__proto__',
        sessionId: '__proto__',
        userWentOffline: true,
      });
      expect(Object.prototype).not.toHaveProperty('userId');
    });
  });
}
