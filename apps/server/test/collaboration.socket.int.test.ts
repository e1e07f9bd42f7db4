/**
 * Live canvases over real sockets (PROTOCOL.md "Socket.IO"): invite-user, accept-invitation,
 * remove-user, can-leave-canvas, leave-canvas, delete-canvas, get-all-collaborator-canvases,
 * with every message the owner, the collaborator and the room receive.
 */
import { avatarUrl } from '../src/features/auth/avatar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_DELETED_CANVAS,
  CANNOT_INVITE_YOURSELF,
  CANNOT_REMOVE_YOURSELF,
  CANVAS_NOT_ACCESSIBLE,
  CANVAS_NOT_FOUND,
  INVALID_INVITATION,
  NOT_A_COLLABORATOR,
  NOT_ALLOWED,
  REMOVED_BY_ADMIN,
  USER_ALREADY_JOINED,
  USER_NOT_ONLINE,
  joinedTheCanvas,
} from '@tabula/domain';
import type { CollaboratorCanvas } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  element,
  eventMatching,
  freshEventId,
  logLength,
  makeCollaborator,
  recordMessages,
  roundTrip,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('live canvases over sockets', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;
  let canvasId: string;

  beforeAll(async () => {
    server = await startTestServer();
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    canvasId = await createCanvas(server, owner.token, 'Team board');
  });

  /**
   * The owner draws `elementId` on the canvas; `outsider` does not get it. Barrier: another tab
   * of the owner shows the canvas and hears the stroke, so the room has been sent it; then a
   * round trip of `outsider` would come after an `updated-canvas` sent to it.
   */
  async function expectOwnerStrokeMisses(outsider: ClientSocket, elementId: string) {
    const witness = await server.socket(owner.token);
    expect(await emitWithAck(witness, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    const recording = recordMessages([outsider]);
    const heard = eventMatching<{ elements: { id: string }[] }>(
      witness,
      'updated-canvas',
      (update) => update.elements.some((drawn) => drawn.id === elementId),
    );
    const drawn = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element(elementId)],
    });
    expect(drawn).toMatchObject({ ok: true });
    await heard;
    await roundTrip(outsider);
    expect(recording.stop()[0]!.map(([event]) => event)).not.toContain('updated-canvas');
  }

  describe('invite-user', () => {
    it('appends UserInvited and sends the invitee receive-invitation with the inviter as username', async () => {
      const invitation = nextEvent(guestSocket, 'receive-invitation');
      const ack = await emitWithAck(ownerSocket, 'invite-user', {
        toUserId: guest.id,
        canvasId,
        canvasName: 'Team board',
        lines: [{ ignored: true }],
      });
      expect(ack).toEqual({ ok: true, data: { canvasId, toUserId: guest.id } });
      expect(await invitation).toEqual({
        canvasId,
        canvasName: 'Team board',
        adminUserId: owner.id,
        adminProfilePhoto: avatarUrl(owner.id, owner.profilePhoto),
        username: owner.username,
      });
      const log = await server.eventStore.readStream(`canvas-${canvasId}`);
      expect(log.at(-1)!.event).toMatchObject({
        type: 'UserInvited',
        data: { canvasId, userId: guest.id, invitedBy: owner.id },
      });
    });

    it("refuses to invite a collaborator again with 'User already joined the canvas.'", async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      const ack = await emitWithAck(ownerSocket, 'invite-user', {
        toUserId: guest.id,
        canvasId,
        canvasName: 'Team board',
      });
      expect(ack).toEqual({ ok: false, error: { code: 'CONFLICT', message: USER_ALREADY_JOINED } });
    });

    it("refuses the owner inviting themselves with 'You cannot invite yourself.'", async () => {
      const ack = await emitWithAck(ownerSocket, 'invite-user', {
        toUserId: owner.id,
        canvasId,
        canvasName: 'Team board',
      });
      expect(ack).toEqual({
        ok: false,
        error: { code: 'INVALID', message: CANNOT_INVITE_YOURSELF },
      });
    });

    it('refuses to invite someone who is not online', async () => {
      const offline = await signUp(server, 'offline');
      const before = await logLength(server);
      const ack = await emitWithAck(ownerSocket, 'invite-user', {
        toUserId: offline.id,
        canvasId,
        canvasName: 'Team board',
      });
      expect(ack).toEqual({ ok: false, error: { code: 'CONFLICT', message: USER_NOT_ONLINE } });
      expect(await logLength(server)).toBe(before);
    });
  });

  describe('accept-invitation', () => {
    it('appends InvitationAccepted; the room gets collaborator-joined, the owner invitation-accepted and get-admin-of-canvases, the accepter all-collaborator-canvases', async () => {
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
      await emitWithAck(ownerSocket, 'invite-user', {
        toUserId: guest.id,
        canvasId,
        canvasName: 'Team board',
      });
      const joined = eventMatching<{ canvasId: string }>(
        ownerSocket,
        'collaborator-joined',
        (message) => message.canvasId === canvasId,
      );
      const accepted = nextEvent(ownerSocket, 'invitation-accepted');
      const admin = eventMatching<string[]>(ownerSocket, 'get-admin-of-canvases', (ids) =>
        ids.includes(canvasId),
      );
      const list = eventMatching<CollaboratorCanvas[]>(
        guestSocket,
        'all-collaborator-canvases',
        (canvases) => canvases.some((canvas) => canvas.canvasId === canvasId),
      );
      const ack = await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
      expect(ack).toEqual({ ok: true, data: { canvasId } });
      expect(await joined).toEqual({
        canvasId,
        collaborators: [
          {
            userId: owner.id,
            username: owner.username,
            profilePhoto: avatarUrl(owner.id, owner.profilePhoto),
          },
          {
            userId: guest.id,
            username: guest.username,
            profilePhoto: avatarUrl(guest.id, guest.profilePhoto),
          },
        ],
      });
      expect(await accepted).toEqual({
        canvasId,
        userId: guest.id,
        message: joinedTheCanvas(guest.username),
      });
      expect(await admin).toContain(canvasId);
      expect((await list).find((canvas) => canvas.canvasId === canvasId)).toEqual({
        canvasId,
        canvasName: 'Team board',
        id: owner.id,
        editedAt: expect.any(String),
      });
    });

    it("refuses without a pending invitation: 'Invalid invitation.' to a member, 'Canvas not found.' to anyone else; nothing stored", async () => {
      const before = await logLength(server);
      const ack = await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
      expect(ack).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } });
      const own = await emitWithAck(ownerSocket, 'accept-invitation', { canvasId });
      expect(own).toEqual({ ok: false, error: { code: 'CONFLICT', message: INVALID_INVITATION } });
      expect(await logLength(server)).toBe(before);
    });
  });

  describe('get-all-collaborator-canvases', () => {
    it('answers all-collaborator-canvases: the live canvases the user collaborates on', async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      const list = nextEvent<CollaboratorCanvas[]>(guestSocket, 'all-collaborator-canvases');
      const ack = await emitWithAck(guestSocket, 'get-all-collaborator-canvases');
      expect(ack).toMatchObject({ ok: true });
      expect(await list).toContainEqual({
        canvasId,
        canvasName: 'Team board',
        id: owner.id,
        editedAt: expect.any(String),
      });
      const ownList = nextEvent<CollaboratorCanvas[]>(ownerSocket, 'all-collaborator-canvases');
      await emitWithAck(ownerSocket, 'get-all-collaborator-canvases');
      expect((await ownList).map((canvas) => canvas.canvasId)).not.toContain(canvasId);
    });
  });

  describe('remove-user', () => {
    it("appends CollaboratorRemoved; the room gets collaborator-leaved, the removed user 'You were removed by the admin.' and leaves the room at once", async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
      await emitWithAck(guestSocket, 'join-canvas', { canvasId });
      const leaved = nextEvent(ownerSocket, 'collaborator-leaved');
      const removed = nextEvent(guestSocket, 'error');
      const ack = await emitWithAck(ownerSocket, 'remove-user', {
        adminUserId: owner.id,
        canvasId,
        toUserId: guest.id,
      });
      expect(ack).toEqual({ ok: true, data: { canvasId, userId: guest.id } });
      expect(await leaved).toEqual({ canvasId, userId: guest.id });
      expect(await removed).toEqual({ message: REMOVED_BY_ADMIN });
      await expectOwnerStrokeMisses(guestSocket, 'after-removal');
      const draw = await emitWithAck(guestSocket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element('intruder')],
      });
      expect(draw).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } });
    });

    it('refuses removing the owner or someone who is neither collaborator nor invited', async () => {
      const self = await emitWithAck(ownerSocket, 'remove-user', {
        adminUserId: owner.id,
        canvasId,
        toUserId: owner.id,
      });
      expect(self).toEqual({
        ok: false,
        error: { code: 'INVALID', message: CANNOT_REMOVE_YOURSELF },
      });
      const outsider = await emitWithAck(ownerSocket, 'remove-user', {
        adminUserId: owner.id,
        canvasId,
        toUserId: guest.id,
      });
      expect(outsider).toEqual({
        ok: false,
        error: { code: 'CONFLICT', message: NOT_A_COLLABORATOR },
      });
    });

    it("refuses an adminUserId that is not the caller with 'Not allowed!'", async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      // Even the owner, who could remove the guest, is refused when the payload names another
      // admin: identity comes from the token, and a payload that claims otherwise is refused.
      const before = await logLength(server);
      const byOwner = await emitWithAck(ownerSocket, 'remove-user', {
        adminUserId: guest.id,
        canvasId,
        toUserId: guest.id,
      });
      expect(byOwner).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
      const byGuest = await emitWithAck(guestSocket, 'remove-user', {
        adminUserId: owner.id,
        canvasId,
        toUserId: guest.id,
      });
      expect(byGuest).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
      expect(await logLength(server)).toBe(before);
    });
  });

  describe('can-leave-canvas', () => {
    it('answers if-leave-canvas { success: true } to a collaborator and { success: false } to the owner', async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      const guestAnswer = nextEvent(guestSocket, 'if-leave-canvas');
      await emitWithAck(guestSocket, 'can-leave-canvas', canvasId);
      expect(await guestAnswer).toEqual({ success: true });
      const ownerAnswer = nextEvent(ownerSocket, 'if-leave-canvas');
      await emitWithAck(ownerSocket, 'can-leave-canvas', canvasId);
      expect(await ownerAnswer).toEqual({ success: false });
    });
  });

  describe('leave-canvas', () => {
    it('appends CollaboratorLeft; the room gets collaborator-leaved and the leaver an updated all-collaborator-canvases', async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
      const leaved = nextEvent(ownerSocket, 'collaborator-leaved');
      const list = nextEvent<CollaboratorCanvas[]>(guestSocket, 'all-collaborator-canvases');
      const ack = await emitWithAck(guestSocket, 'leave-canvas', { canvasId });
      expect(ack).toEqual({ ok: true, data: { canvasId } });
      expect(await leaved).toEqual({ canvasId, userId: guest.id });
      expect((await list).map((canvas) => canvas.canvasId)).not.toContain(canvasId);
      const log = await server.eventStore.readStream(`canvas-${canvasId}`);
      expect(log.at(-1)!.event).toMatchObject({ type: 'CollaboratorLeft' });
      // The leaver's sockets are out of the room: the owner's next stroke does not reach them.
      await expectOwnerStrokeMisses(guestSocket, 'after-leaving');
    });

    it("refuses the owner with 'Canvas not accessable.'", async () => {
      const ack = await emitWithAck(ownerSocket, 'leave-canvas', { canvasId });
      expect(ack).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: CANVAS_NOT_ACCESSIBLE },
      });
    });
  });

  describe('delete-canvas', () => {
    it("after a REST delete the room gets canvas-deleted and each collaborator 'Admin deleted the canvas.' and an updated list", async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      await emitWithAck(guestSocket, 'join-canvas', { canvasId });
      const notice = nextEvent(guestSocket, 'canvas-deleted');
      const error = nextEvent(guestSocket, 'error');
      const list = nextEvent<CollaboratorCanvas[]>(guestSocket, 'all-collaborator-canvases');
      const deleted = await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
      expect(deleted.status).toBe(200);
      expect(await notice).toEqual({ canvasId, message: ADMIN_DELETED_CANVAS });
      expect(await error).toEqual({ message: ADMIN_DELETED_CANVAS });
      expect((await list).map((canvas) => canvas.canvasId)).not.toContain(canvasId);
      const ack = await emitWithAck(ownerSocket, 'delete-canvas', canvasId);
      expect(ack).toEqual({ ok: true, data: { canvasId } });
    });

    it("refuses delete-canvas for a canvas that still exists with 'Not allowed!', one not the caller's with 'Canvas not found.'", async () => {
      await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
      const early = await emitWithAck(ownerSocket, 'delete-canvas', canvasId);
      expect(early).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: NOT_ALLOWED } });
      await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
      const byGuest = await emitWithAck(guestSocket, 'delete-canvas', canvasId);
      expect(byGuest).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND },
      });
    });
  });
});
