/**
 * Presence that scales, over real sockets: a socket that asks for deltas in its handshake gets
 * one initial list (`online-users`), then `online-users-changed` { joined, left }, never the
 * whole `get-online-users` map; `list-online-users` pages the whole list with photos (the All
 * Online Users popup). "Nothing came" is proven with barriers: a later change whose delta must
 * come after any message the earlier one could have caused.
 */
import { avatarUrl } from '../src/features/auth/avatar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type {
  AckResult,
  CanvasPeopleMessage,
  OnlineUsersChanged,
  OnlineUsersList,
  OnlineUsersPage,
} from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  disconnection,
  eventMatching,
  makeCollaborator,
  recordMessages,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('presence as an initial list and deltas', () => {
  let server: TestServer;
  const opened: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of opened) socket.disconnect();
    await server.close();
  });

  /** A socket asking for deltas; resolves with it and its initial list once connected. */
  async function deltaSocket(user: Member) {
    const socket: ClientSocket = connect(server.url, {
      auth: { token: user.token, presence: 'deltas' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    opened.push(socket);
    const list = eventMatching<OnlineUsersList>(socket, 'online-users', () => true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, initial: await list };
  }

  const joinedHas = (userId: string) => (change: OnlineUsersChanged) =>
    change.joined.some((user) => user.userId === userId);

  it('sends one initial list (ids and names, no photos), then who joins and who leaves', async () => {
    const [watcher, early, late] = [
      await signUp(server, 'watch'),
      await signUp(server, 'early'),
      await signUp(server, 'late'),
    ];
    const earlySocket = await server.socket(early.token);
    const { socket, initial } = await deltaSocket(watcher);
    expect(initial.users).toEqual(
      expect.arrayContaining([
        { userId: early.id, username: early.username },
        { userId: watcher.id, username: watcher.username },
      ]),
    );
    const record = recordMessages([socket]);

    const joined = eventMatching(socket, 'online-users-changed', joinedHas(late.id));
    const lateSocket = await server.socket(late.token);
    expect((await joined).joined).toContainEqual({ userId: late.id, username: late.username });

    const left = eventMatching<OnlineUsersChanged>(socket, 'online-users-changed', (change) =>
      change.left.includes(early.id),
    );
    earlySocket.disconnect();
    await left;
    lateSocket.disconnect();
    await eventMatching<OnlineUsersChanged>(socket, 'online-users-changed', (change) =>
      change.left.includes(late.id),
    );
    const events = record
      .stop()
      .flat()
      .map(([event]) => event);
    // The whole map never comes to a delta socket, nor a second list.
    expect(events).not.toContain('get-online-users');
    expect(events).not.toContain('online-users');
  });

  it('closing one of two tabs says nothing; the user leaves with the last one (barrier: a later arrival)', async () => {
    const [watcher, tabs, barrier] = [
      await signUp(server, 'watch2'),
      await signUp(server, 'tabs'),
      await signUp(server, 'barrier'),
    ];
    const { socket } = await deltaSocket(watcher);
    const first = await server.socket(tabs.token);
    const second = await server.socket(tabs.token);
    await eventMatching(socket, 'online-users-changed', joinedHas(tabs.id));
    const record = recordMessages([socket]);
    first.disconnect();
    await disconnection(first);
    // Any delta the closed tab could cause comes before (or with) the barrier's.
    const arrived = eventMatching(socket, 'online-users-changed', joinedHas(barrier.id));
    await server.socket(barrier.token);
    await arrived;
    const changes = record
      .stop()
      .flat()
      .filter(([event]) => event === 'online-users-changed')
      .map(([, change]) => change as OnlineUsersChanged);
    expect(changes.flatMap((change) => change.left)).not.toContain(tabs.id);

    const gone = eventMatching<OnlineUsersChanged>(socket, 'online-users-changed', (change) =>
      change.left.includes(tabs.id),
    );
    second.disconnect();
    expect((await gone).left).toContain(tabs.id);
  });

  it('the spec client beside it still gets get-online-users and disconnected-user', async () => {
    const [spec, other] = [await signUp(server, 'spec'), await signUp(server, 'other')];
    const specSocket = await server.socket(spec.token);
    const map = eventMatching<Record<string, { profilePhoto: string }>>(
      specSocket,
      'get-online-users',
      (users) => other.id in users,
    );
    const { socket } = await deltaSocket(other);
    expect((await map)[other.id]!.profilePhoto).toBe(avatarUrl(other.id, other.profilePhoto));
    const offline = eventMatching<string>(specSocket, 'disconnected-user', (id) => id === other.id);
    socket.disconnect();
    await offline;
  });

  it('join-canvas tells a delta socket who has the canvas open, before its ack, and never the whole map', async () => {
    const [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    const { socket } = await deltaSocket(owner);
    const guestSocket = await server.socket(guest.token);
    const canvasId = await createCanvas(server, owner.token);
    await makeCollaborator(socket, guestSocket, guest.id, canvasId);
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    const record = recordMessages([socket]);
    const ack = await emitWithAck(socket, 'join-canvas', { canvasId });
    expect(ack).toMatchObject({ ok: true });
    const received = record.stop().flat();
    const people = received.find(([event]) => event === 'canvas-people')?.[1] as
      CanvasPeopleMessage | undefined;
    expect(people?.userIds.sort()).toEqual([owner.id, guest.id].sort());
    // Who is online it holds already (its list and deltas): nothing of it again.
    const names = received.map(([event]) => event);
    expect(names).not.toContain('get-online-users');
    expect(names).not.toContain('online-users');
  });

  describe('list-online-users', () => {
    it('pages the whole list by user id, with photos, and the total', async () => {
      const users = [];
      for (let i = 0; i < 5; i++) users.push(await signUp(server, `page${i}`));
      const { socket } = await deltaSocket(users[0]!);
      for (const user of users.slice(1)) await server.socket(user.token);
      const seen: OnlineUsersPage['users'] = [];
      let after: string | undefined;
      let pages = 0;
      let total = 0;
      do {
        const ack = await emitWithAck<OnlineUsersPage>(socket, 'list-online-users', {
          after,
          limit: 2,
        });
        expect(ack.ok, JSON.stringify(ack)).toBe(true);
        const page = (ack as { data: OnlineUsersPage }).data;
        expect(page.users.length).toBeLessThanOrEqual(2);
        seen.push(...page.users);
        total = page.total;
        after = page.next;
        pages += 1;
      } while (after !== undefined);
      expect(seen).toHaveLength(total);
      expect(pages).toBe(Math.ceil(total / 2));
      const ids = seen.map((user) => user.userId);
      expect(ids).toEqual([...ids].sort());
      for (const user of users)
        expect(seen).toContainEqual({
          userId: user.id,
          username: user.username,
          profilePhoto: avatarUrl(user.id, user.profilePhoto),
        });
    });

    it('without a payload answers the first page', async () => {
      const { socket } = await deltaSocket(await signUp(server, 'nopayload'));
      const ack = await new Promise<AckResult<OnlineUsersPage>>((resolve) =>
        (socket.emit as (event: string, ack: (result: AckResult<OnlineUsersPage>) => void) => void)(
          'list-online-users',
          resolve,
        ),
      );
      expect(ack).toMatchObject({ ok: true, data: { total: expect.any(Number) } });
    });

    it.each([
      [{ limit: 0 }, /limit must be an integer of at least 1/],
      [{ limit: 201 }, /limit must be at most 200/],
      [{ limit: 'ten' }, /limit must be an integer/],
      [{ after: '' }, /after must be an id/],
    ])('refuses %j with a clear INVALID error', async (payload, message) => {
      const { socket } = await deltaSocket(await signUp(server, 'bad'));
      const ack = await emitWithAck(socket, 'list-online-users', payload);
      expect(ack).toMatchObject({ ok: false, error: { code: 'INVALID', message } });
    });
  });
});
