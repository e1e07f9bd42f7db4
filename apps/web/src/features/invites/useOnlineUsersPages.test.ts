import { describe, expect, it } from 'vitest';
import { shownUsers } from './useOnlineUsersPages';

const user = (userId: string, profilePhoto = `photo-${userId}`) => ({
  userId,
  username: userId.toUpperCase(),
  profilePhoto,
});
const online = (...ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, user(id, '')] as const));

describe('the online users popup list', () => {
  it("shows the store's list until the first page arrives", () => {
    expect(shownUsers(null, online('a', 'b')).map((u) => u.userId)).toEqual(['a', 'b']);
    expect(shownUsers({ users: [], loading: true }, online('a')).map((u) => u.userId)).toEqual([
      'a',
    ]);
  });

  it('shows the fetched pages (with photos), without who has left since', () => {
    const pages = { users: [user('a'), user('b'), user('c')], loading: false };
    expect(shownUsers(pages, online('a', 'c'))).toEqual([user('a'), user('c')]);
  });

  it('adds who came within the pages shown, not beyond the next cursor', () => {
    const pages = { users: [user('b'), user('d')], next: 'd', loading: false };
    const shown = shownUsers(pages, online('b', 'c', 'd', 'x'));
    expect(shown.map((u) => u.userId)).toEqual(['b', 'd', 'c']);
  });

  it('says no one is online when the fetched list is empty', () => {
    expect(shownUsers({ users: [], loading: false }, {})).toEqual([]);
  });
});
