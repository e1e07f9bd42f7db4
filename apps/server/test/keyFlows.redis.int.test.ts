/**
 * The key flows once more with read models and presence in the real Redis (127.0.0.1:6379 or
 * REDIS_URL): accounts and the single session, canvases over REST, a live canvas from
 * invitation to deletion with every room message, and drawing with its fan-out. The other
 * suites cover the same behaviour in depth with the in-memory adapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_DELETED_CANVAS,
  LOGOUT_FROM_OTHER_DEVICE,
  NOT_ALLOWED,
  REMOVED_BY_ADMIN,
  YOU_CAN_LOGIN_SAFELY,
  joinedTheCanvas,
} from '@tabula/domain';
import type { AuthenticatedUser, CanvasSummary, OnlineUsers } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  disconnection,
  element,
  eventMatching,
  expectNoEffect,
  freshEventId,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';
import { avatarUrl } from '../src/features/auth/avatar';

describe('key flows with Redis read models and presence', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;

  beforeAll(async () => {
    server = await startTestServer({ redis: true });
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    ownerSocket = await server.socket(owner.token);
    guestSocket = await server.socket(guest.token);
  });
  afterAll(() => server.close());

  it('accounts: the single-session rule, profile, sign-out and sign-in again', async () => {
    const user = await signUp(server, 'single');
    const socket = await server.socket(user.token);
    const check = await emitWithAck(socket, 'check-if-logged-in', user.id);
    expect(check).toEqual({ ok: true, data: { success: false, message: YOU_CAN_LOGIN_SAFELY } });
    const credentials = { email: user.email, password: user.password };
    const refused = await server.post('/auth/loginuser', credentials);
    expect(refused.body).toEqual({ success: false, message: LOGOUT_FROM_OTHER_DEVICE });
    const updated = await server.post('/auth/updateuser', { name: 'Renamed' }, user.token);
    expect(updated.body.data).toMatchObject({ name: 'Renamed' });
    const gone = disconnection(socket);
    await emitWithAck(socket, 'log-out', user.id);
    await gone;
    expect((await server.get('/auth/fetchuser', user.token)).status).toBe(401);
    const again = await server.post<AuthenticatedUser>('/auth/loginuser', credentials);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: user.id, name: 'Renamed' });
  });

  it('presence: everyone gets get-online-users, then disconnected-user', async () => {
    const visitor = await signUp(server, 'visitor');
    const online = eventMatching<OnlineUsers>(ownerSocket, 'get-online-users', (users) =>
      Boolean(users[visitor.id]),
    );
    const socket = await server.socket(visitor.token);
    expect((await online)[visitor.id]).toEqual({
      userId: visitor.id,
      username: visitor.username,
      // By URL: the picture itself is fetched once and cached (`/auth/avatar/:userId`).
      profilePhoto: avatarUrl(visitor.id, visitor.profilePhoto),
    });
    const offline = eventMatching<string>(
      ownerSocket,
      'disconnected-user',
      (id) => id === visitor.id,
    );
    socket.disconnect();
    expect(await offline).toBe(visitor.id);
  });

  it('canvases over REST: create, list newest first, rename, read, delete', async () => {
    const first = await createCanvas(server, owner.token, 'One');
    const second = await createCanvas(server, owner.token, 'Two');
    const list = await server.get<CanvasSummary[]>('/canvas/getallcanvases', owner.token);
    expect(list.body.data!.slice(0, 2).map((canvas) => canvas._id)).toEqual([second, first]);
    await server.post(`/canvas/updatecanvasname/${first}`, { name: 'Uno' }, owner.token);
    const detail = await server.get(`/canvas/getcanvas/${first}`, owner.token);
    expect(detail.body.data).toMatchObject({ name: 'Uno', ownerId: owner.id, elements: [] });
    expect((await server.post(`/canvas/deletecanvas/${second}`, {}, owner.token)).status).toBe(200);
    expect((await server.get(`/canvas/getcanvas/${second}`, owner.token)).status).toBe(404);
  });

  it('a live canvas from invitation to deletion, with drawing, pointers and every room message', async () => {
    const canvasId = await createCanvas(server, owner.token, 'Live');
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });

    const invitation = nextEvent(guestSocket, 'receive-invitation');
    await emitWithAck(ownerSocket, 'invite-user', {
      toUserId: guest.id,
      canvasId,
      canvasName: 'Live',
    });
    expect(await invitation).toMatchObject({ canvasId, adminUserId: owner.id });
    const accepted = nextEvent(ownerSocket, 'invitation-accepted');
    const joined = nextEvent(ownerSocket, 'collaborator-joined');
    await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
    expect(await accepted).toMatchObject({ message: joinedTheCanvas(guest.username) });
    expect(await joined).toMatchObject({
      canvasId,
      collaborators: [{ userId: owner.id }, { userId: guest.id }],
    });

    const snapshot = await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    expect(snapshot).toMatchObject({ ok: true, data: { kind: 'snapshot', elements: [] } });
    const update = nextEvent(ownerSocket, 'updated-canvas');
    const drawn = await emitWithAck(guestSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('live-1')],
    });
    expect(drawn).toMatchObject({ ok: true });
    expect(await update).toMatchObject({
      canvasId,
      actorId: guest.id,
      elements: [element('live-1')],
    });
    const since = await emitWithAck(guestSocket, 'join-canvas', { canvasId, sinceRevision: 0 });
    expect(since).toMatchObject({ ok: true, data: { kind: 'changes' } });
    const pointer = nextEvent(ownerSocket, 'pointer-moved');
    await emitWithAck(guestSocket, 'pointer', { canvasId, x: 3, y: 4 });
    expect(await pointer).toMatchObject({ userId: guest.id, x: 3, y: 4 });

    // A denied action stores nothing and the room hears nothing.
    const denied = await expectNoEffect(server, [ownerSocket], () =>
      emitWithAck(guestSocket, 'remove-user', {
        adminUserId: guest.id,
        canvasId,
        toUserId: owner.id,
      }),
    );
    expect(denied).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });

    const leaveCheck = nextEvent(guestSocket, 'if-leave-canvas');
    await emitWithAck(guestSocket, 'can-leave-canvas', canvasId);
    expect(await leaveCheck).toEqual({ success: true });
    const left = nextEvent(ownerSocket, 'collaborator-leaved');
    await emitWithAck(guestSocket, 'leave-canvas', { canvasId });
    expect(await left).toEqual({ canvasId, userId: guest.id });

    await emitWithAck(ownerSocket, 'invite-user', {
      toUserId: guest.id,
      canvasId,
      canvasName: 'Live',
    });
    await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
    const removed = nextEvent(guestSocket, 'error');
    await emitWithAck(ownerSocket, 'remove-user', {
      adminUserId: owner.id,
      canvasId,
      toUserId: guest.id,
    });
    expect(await removed).toEqual({ message: REMOVED_BY_ADMIN });

    await emitWithAck(ownerSocket, 'invite-user', {
      toUserId: guest.id,
      canvasId,
      canvasName: 'Live',
    });
    await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    const deleted = nextEvent(guestSocket, 'canvas-deleted');
    await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
    expect(await deleted).toEqual({ canvasId, message: ADMIN_DELETED_CANVAS });
    expect(await emitWithAck(ownerSocket, 'delete-canvas', canvasId)).toEqual({
      ok: true,
      data: { canvasId },
    });
  });
});
