/**
 * Presence and the one-session rule over real sockets: `check-if-logged-in`, `online`,
 * `log-out`, `disconnected-user`, and how REST login and sign-out interact with connected
 * devices (PROTOCOL.md "One session per user").
 */
import { avatarUrl } from '../src/features/auth/avatar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  LOGOUT_FROM_OTHER_DEVICE,
  NOT_ALLOWED,
  USER_LOGGED_IN_ALREADY,
  YOU_CAN_LOGIN_SAFELY,
} from '@tabula/domain';
import type { AuthenticatedUser, OnlineUsers } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  closeOnServer,
  createCanvas,
  disconnection,
  element,
  eventMatching,
  makeCollaborator,
  recordMessages,
  signUp,
} from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('presence and the single session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function logIn(user: Member) {
    return server.post<AuthenticatedUser>('/auth/loginuser', {
      email: user.email,
      password: user.password,
    });
  }

  describe('check-if-logged-in', () => {
    it("answers if-logged-in { success: false, 'You can login safely.' } when the only other socket is a tab of the same session", async () => {
      const user = await signUp(server, 'tabs');
      const [tab1] = [await server.socket(user.token), await server.socket(user.token)];
      const answer = nextEvent(tab1, 'if-logged-in');
      const ack = await emitWithAck(tab1, 'check-if-logged-in', user.id);
      const expected = { success: false, message: YOU_CAN_LOGIN_SAFELY };
      expect(ack).toEqual({ ok: true, data: expected });
      expect(await answer).toEqual(expected);
    });

    it("answers { success: true, 'User loggedin already.' } while another session of the user is online", async () => {
      const user = await signUp(server, 'twodev');
      const socket = await server.socket(user.token);
      // Another device as presence sees it (e.g. a socket held by another server node).
      await server.app.context.presence.setOnline(user.id, 'other-session', 'other-node-socket', {
        username: user.username,
        profilePhoto: avatarUrl(user.id, user.profilePhoto),
      });
      try {
        const answer = nextEvent(socket, 'if-logged-in');
        await emitWithAck(socket, 'check-if-logged-in', user.id);
        expect(await answer).toEqual({ success: true, message: USER_LOGGED_IN_ALREADY });
      } finally {
        await server.app.context.presence.setOffline('other-node-socket');
      }
    });

    it("refuses another user's id with 'Not allowed!'", async () => {
      const [user, other] = [await signUp(server, 'me'), await signUp(server, 'them')];
      const socket = await server.socket(user.token);
      const ack = await emitWithAck(socket, 'check-if-logged-in', other.id);
      expect(ack).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
    });
  });

  describe('online', () => {
    it('tells everyone get-online-users keyed by user id (no socket ids) and the user get-admin-of-canvases', async () => {
      const [owner, guest, watcher] = [
        await signUp(server, 'owner'),
        await signUp(server, 'guest'),
        await signUp(server, 'watch'),
      ];
      const canvasId = await createCanvas(server, owner.token);
      const [ownerSocket, guestSocket] = [
        await server.socket(owner.token),
        await server.socket(guest.token),
      ];
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      const watcherSocket = await server.socket(watcher.token);
      const tab = await server.socket(owner.token);
      const seen = eventMatching<OnlineUsers>(watcherSocket, 'get-online-users', (users) =>
        Boolean(users[owner.id]),
      );
      const admin = nextEvent<string[]>(tab, 'get-admin-of-canvases');
      const ack = await emitWithAck(tab, 'online', {
        userId: owner.id,
        username: owner.username,
        profilePhoto: avatarUrl(owner.id, owner.profilePhoto),
      });
      expect(ack).toEqual({ ok: true, data: null });
      expect((await seen)[owner.id]).toEqual({
        userId: owner.id,
        username: owner.username,
        profilePhoto: avatarUrl(owner.id, owner.profilePhoto),
      });
      expect(await admin).toEqual([canvasId]);
    });

    it('joins no canvas room: a tab hears updated-canvas only once it has sent join-canvas', async () => {
      const [owner, guest] = [await signUp(server, 'roomown'), await signUp(server, 'roomguest')];
      const canvasId = await createCanvas(server, owner.token);
      const [ownerSocket, guestSocket] = [
        await server.socket(owner.token),
        await server.socket(guest.token),
      ];
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      await emitWithAck(guestSocket, 'join-canvas', { canvasId });
      const tab = await server.socket(guest.token);
      await emitWithAck(tab, 'online', {
        userId: guest.id,
        username: guest.username,
        profilePhoto: avatarUrl(guest.id, guest.profilePhoto),
      });
      const heardByTab: number[] = [];
      tab.on('updated-canvas', (message) => heardByTab.push(message.revision));
      // Barrier: the guest's joined socket hears the first commit, so it has gone out to the
      // room; the tab, online but not joined, was not in it.
      const firstHeard = nextEvent<{ revision: number }>(guestSocket, 'updated-canvas');
      const first = await emitWithAck<{ revision: number }>(ownerSocket, 'canvas-update', {
        canvasId,
        eventId: `online-1-${canvasId}`,
        elements: [element('before-join')],
      });
      expect((await firstHeard).revision).toBe(first.ok && first.data.revision);
      await emitWithAck(tab, 'join-canvas', { canvasId });
      const heard = nextEvent<{ revision: number }>(tab, 'updated-canvas');
      const second = await emitWithAck<{ revision: number }>(ownerSocket, 'canvas-update', {
        canvasId,
        eventId: `online-2-${canvasId}`,
        elements: [element('after-join')],
      });
      expect((await heard).revision).toBe(second.ok && second.data.revision);
      expect(heardByTab).toEqual([second.ok && second.data.revision]);
    });

    it("refuses a payload naming someone else with 'Not allowed!'", async () => {
      const [user, other] = [await signUp(server, 'self'), await signUp(server, 'else')];
      const socket = await server.socket(user.token);
      const ack = await emitWithAck(socket, 'online', {
        userId: other.id,
        username: other.username,
        profilePhoto: avatarUrl(other.id, other.profilePhoto),
      });
      expect(ack).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
    });
  });

  describe('log-out and disconnected-user', () => {
    it('log-out revokes the session at once, disconnects its tabs and tells everyone disconnected-user', async () => {
      const [user, watcher] = [await signUp(server, 'bye'), await signUp(server, 'see')];
      const watcherSocket = await server.socket(watcher.token);
      const [tab1, tab2] = [await server.socket(user.token), await server.socket(user.token)];
      const told = eventMatching<string>(
        watcherSocket,
        'disconnected-user',
        (id) => id === user.id,
      );
      const gone = [disconnection(tab1), disconnection(tab2)];
      const ack = await emitWithAck(tab1, 'log-out', user.id);
      expect(ack).toEqual({ ok: true, data: null });
      const revoked = await server.get('/auth/fetchuser', user.token);
      expect(revoked.status).toBe(401);
      expect(revoked.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
      await Promise.all(gone);
      expect(await told).toBe(user.id);
    });

    it('closing one of two tabs keeps the user online; closing the last one tells everyone disconnected-user', async () => {
      const [user, watcher] = [await signUp(server, 'twotabs'), await signUp(server, 'peer')];
      const marker = await signUp(server, 'marker');
      const watcherSocket = await server.socket(watcher.token);
      const [tab1, tab2] = [await server.socket(user.token), await server.socket(user.token)];
      const markerSocket = await server.socket(marker.token);
      const recording = recordMessages([watcherSocket]);
      await closeOnServer(server, tab1);
      // Barrier: presence handles disconnections in the order they happen and tells everyone
      // in that order, so a disconnected-user for the first tab would come before the
      // marker's, which goes out because the marker's only socket closes after it.
      const markerGone = eventMatching(
        watcherSocket,
        'disconnected-user',
        (id) => id === marker.id,
      );
      markerSocket.disconnect();
      await markerGone;
      const heard = recording
        .stop()[0]!
        .filter(([event, id]) => event === 'disconnected-user' && id !== marker.id);
      expect(heard).toEqual([]);
      const offline = eventMatching(watcherSocket, 'disconnected-user', (id) => id === user.id);
      tab2.disconnect();
      expect(await offline).toBe(user.id);
    });

    it("refuses log-out for another user's id with 'Not allowed!' and keeps the session", async () => {
      const [user, other] = [await signUp(server, 'stay'), await signUp(server, 'victim')];
      const socket = await server.socket(user.token);
      const ack = await emitWithAck(socket, 'log-out', other.id);
      expect(ack).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
      expect((await server.get('/auth/fetchuser', other.token)).status).toBe(200);
    });

    it('a revoked token cannot open a socket', async () => {
      const user = await signUp(server, 'revoked');
      await server.post('/auth/logout', {}, user.token);
      await expect(server.socket(user.token)).rejects.toThrow(AUTHENTICATE_WITH_VALID_TOKEN);
    });
  });

  describe('one session per user', () => {
    it("refuses a second device's login with 409 while the first device has a connected socket", async () => {
      const user = await signUp(server, 'device');
      await server.socket(user.token);
      const second = await logIn(user);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(LOGOUT_FROM_OTHER_DEVICE);
      expect((await server.get('/auth/fetchuser', user.token)).status).toBe(200);
    });

    it('REST sign-out lets the other device in, revokes the token at once and disconnects its sockets', async () => {
      const user = await signUp(server, 'handover');
      const socket = await server.socket(user.token);
      const gone = disconnection(socket);
      expect((await server.post('/auth/logout', {}, user.token)).status).toBe(200);
      expect((await server.get('/auth/fetchuser', user.token)).status).toBe(401);
      await gone;
      const other = await logIn(user);
      expect(other.status).toBe(200);
      const otherSocket = await server.socket(other.body.data!.token);
      expect(otherSocket.connected).toBe(true);
    });

    it('socket log-out lets the other device in', async () => {
      const user = await signUp(server, 'sockout');
      const socket = await server.socket(user.token);
      expect((await logIn(user)).status).toBe(409);
      const gone = disconnection(socket);
      await emitWithAck(socket, 'log-out', user.id);
      await gone;
      expect((await logIn(user)).status).toBe(200);
    });

    it('a session with no socket does not block a new login, and the new login revokes it', async () => {
      const user = await signUp(server, 'laptop');
      const second = await logIn(user);
      expect(second.status).toBe(200);
      expect((await server.get('/auth/fetchuser', user.token)).status).toBe(401);
      expect((await server.get('/auth/fetchuser', second.body.data!.token)).status).toBe(200);
    });

    it("a closed tab frees the account: once the session's last socket disconnects, a new login works", async () => {
      const [user, watcher] = [await signUp(server, 'closed'), await signUp(server, 'peer')];
      const watcherSocket = await server.socket(watcher.token);
      const socket = await server.socket(user.token);
      expect((await logIn(user)).status).toBe(409);
      const offline = eventMatching(watcherSocket, 'disconnected-user', (id) => id === user.id);
      socket.disconnect();
      await offline;
      const answer = await logIn(user);
      expect(answer.status).toBe(200);
    });
  });
});
