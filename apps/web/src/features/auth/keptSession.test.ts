import { describe, expect, it } from 'vitest';
import { KEPT_USER_KEY, keepSessionUser, keptUser } from './keptSession';
import type { SessionUser } from './session';

const user: SessionUser = {
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  email: 'a@x.io',
  profilePhoto: '',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('keptSession', () => {
  it('keeps the signed-in user and reads it back', () => {
    const storage = memoryStorage();

    keepSessionUser(storage, { session: { user }, ready: true });

    expect(keptUser(storage)).toEqual(user);
  });

  it('forgets the user once the app knows nobody is signed in, not before', () => {
    const storage = memoryStorage({ [KEPT_USER_KEY]: JSON.stringify(user) });

    keepSessionUser(storage, { session: null, ready: false });
    expect(keptUser(storage)).toEqual(user);

    keepSessionUser(storage, { session: null, ready: true });
    expect(storage.items.has(KEPT_USER_KEY)).toBe(false);
  });

  it('reads nothing from a value that is not a user', () => {
    for (const text of ['not json', 'null', '{"id":"u1"}', JSON.stringify({ ...user, id: 7 })]) {
      expect(keptUser(memoryStorage({ [KEPT_USER_KEY]: text }))).toBeNull();
    }
  });
});
