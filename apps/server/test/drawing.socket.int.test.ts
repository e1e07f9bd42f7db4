/**
 * Drawing over real sockets (PROTOCOL.md "Socket.IO"): join-canvas (snapshot or changes since
 * a revision), canvas-update (durable ack, room fan-out, idempotent resend, limits) and the
 * volatile pointer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND, ELEMENT_TYPE_NOT_ALLOWED } from '@tabula/domain';
import type { JoinCanvasResult, JoinCanvasSnapshot } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  element,
  expectNoEffect,
  freshEventId,
  logLength,
  makeCollaborator,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('drawing over sockets', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let stranger: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;
  let strangerSocket: ClientSocket;
  let canvasId: string;

  beforeAll(async () => {
    server = await startTestServer();
    [owner, guest, stranger] = [
      await signUp(server, 'owner'),
      await signUp(server, 'guest'),
      await signUp(server, 'stranger'),
    ];
    [ownerSocket, guestSocket, strangerSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
      await server.socket(stranger.token),
    ];
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    canvasId = await createCanvas(server, owner.token, 'Sketch');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
  });

  it('join-canvas tells the one who joins who is in the canvas now (collaborator-joined)', async () => {
    const told = nextEvent<{ canvasId: string; collaborators: { userId: string }[] }>(
      ownerSocket,
      'collaborator-joined',
    );
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    const message = await told;
    expect(message.canvasId).toBe(canvasId);
    expect(message.collaborators.map((member) => member.userId).sort()).toEqual(
      [owner.id, guest.id].sort(),
    );
  });

  it('join-canvas tells the one who joins who is online, before its ack (an idle partner shows at once)', async () => {
    const seen: Record<string, unknown>[] = [];
    const record = (users: Record<string, unknown>) => seen.push(users);
    ownerSocket.on('get-online-users', record);
    try {
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    } finally {
      ownerSocket.off('get-online-users', record);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(Object.keys(seen[seen.length - 1]!)).toEqual(
      expect.arrayContaining([owner.id, guest.id]),
    );
  });

  function draw(socket: ClientSocket, elements: unknown[], eventId = freshEventId()) {
    return emitWithAck<{ revision: number }>(socket, 'canvas-update', {
      canvasId,
      eventId,
      elements,
    });
  }

  describe('join-canvas', () => {
    it('acks a snapshot { kind, canvasId, revision, elements } including tombstones', async () => {
      await draw(ownerSocket, [element('a'), element('b', { isDeleted: true })]);
      const ack = await emitWithAck<JoinCanvasResult>(guestSocket, 'join-canvas', { canvasId });
      expect(ack.ok).toBe(true);
      const data = (ack as { data: JoinCanvasResult }).data;
      expect(data).toMatchObject({ kind: 'snapshot', canvasId });
      expect(data.kind === 'snapshot' && data.elements.map((item) => item.id).sort()).toEqual([
        'a',
        'b',
      ]);
    });

    it('with sinceRevision acks only the LineDrawn changes after it, oldest first', async () => {
      const first = await draw(ownerSocket, [element('one')]);
      const since = (first as { data: { revision: number } }).data.revision;
      await draw(guestSocket, [element('two')]);
      await draw(ownerSocket, [element('three')]);
      const ack = await emitWithAck<JoinCanvasResult>(guestSocket, 'join-canvas', {
        canvasId,
        sinceRevision: since,
      });
      expect(ack).toMatchObject({
        ok: true,
        data: {
          kind: 'changes',
          canvasId,
          revision: since + 2,
          changes: [
            { revision: since + 1, actorId: guest.id, elements: [element('two')] },
            { revision: since + 2, actorId: owner.id, elements: [element('three')] },
          ],
        },
      });
    });

    it('with a sinceRevision beyond the last one (a stale client) acks a snapshot, never a revision from the future', async () => {
      await draw(ownerSocket, [element('head')]);
      const ack = await emitWithAck<JoinCanvasResult>(guestSocket, 'join-canvas', {
        canvasId,
        sinceRevision: 999,
      });
      expect(ack).toMatchObject({ ok: true, data: { kind: 'snapshot', canvasId } });
      const data = (ack as { data: JoinCanvasSnapshot }).data;
      expect(data.revision).toBeLessThan(999);
    });

    it("refuses someone who is neither owner nor collaborator and a canvas that does not exist alike: 'Canvas not found.'", async () => {
      const ack = await emitWithAck(strangerSocket, 'join-canvas', { canvasId });
      expect(ack).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } });
      const missing = await emitWithAck(strangerSocket, 'join-canvas', {
        canvasId: 'no-such-canvas',
      });
      expect(missing).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND },
      });
    });
  });

  describe('canvas-update', () => {
    it('acks { revision } once committed and the room gets updated-canvas { canvasId, revision, actorId, elements }', async () => {
      const received = nextEvent(ownerSocket, 'updated-canvas');
      const ack = await draw(guestSocket, [
        element('stroke', {
          type: 'freedraw',
          points: [
            [0, 0],
            [5, 5],
          ],
        }),
      ]);
      expect(ack).toEqual({ ok: true, data: { revision: expect.any(Number) } });
      const { revision } = (ack as { data: { revision: number } }).data;
      expect(await received).toEqual({
        canvasId,
        revision,
        actorId: guest.id,
        elements: [
          element('stroke', {
            type: 'freedraw',
            points: [
              [0, 0],
              [5, 5],
            ],
          }),
        ],
      });
      const stored = await server.eventStore.readStream(`canvas-${canvasId}`);
      expect(stored.find((record) => record.revision === revision)!.event).toMatchObject({
        type: 'LineDrawn',
      });
    });

    it('a resent eventId acks the same revision and stores nothing', async () => {
      const eventId = freshEventId();
      const first = await draw(ownerSocket, [element('once')], eventId);
      const before = await logLength(server);
      const again = await draw(ownerSocket, [element('once')], eventId);
      expect(again).toEqual(first);
      expect(await logLength(server)).toBe(before);
    });

    it('refuses an element type outside the drawing types (iframe, embeddable) and stores nothing', async () => {
      for (const type of ['iframe', 'embeddable']) {
        const ack = await expectNoEffect(server, [ownerSocket], () =>
          draw(guestSocket, [element('embed', { type })]),
        );
        expect(ack).toMatchObject({ ok: false, error: { code: 'INVALID' } });
        // The DTO names the field and the allowed types; the decider says ELEMENT_TYPE_NOT_ALLOWED.
        expect((ack as { error: { message: string } }).error.message).toMatch(
          new RegExp(`type must be one of|${ELEMENT_TYPE_NOT_ALLOWED}`),
        );
      }
    });

    it('refuses an update without elements and stores nothing', async () => {
      const ack = await expectNoEffect(server, [ownerSocket], () => draw(guestSocket, []));
      expect(ack).toEqual({
        ok: false,
        error: { code: 'INVALID', message: expect.stringMatching(/elements .*at least one/) },
      });
    });

    it('refuses more than 1,000 elements in one update', async () => {
      const elements = Array.from({ length: 1001 }, (_, index) => element(`e${index}`));
      const ack = await expectNoEffect(server, [ownerSocket], () => draw(guestSocket, elements));
      expect(ack).toEqual({
        ok: false,
        error: { code: 'INVALID', message: expect.stringMatching(/elements .*at most 1000/) },
      });
    });
  });

  describe('pointer', () => {
    it('the rest of the room gets pointer-moved { canvasId, userId, username, x, y, tool }', async () => {
      const moved = nextEvent(ownerSocket, 'pointer-moved');
      const ack = await emitWithAck(guestSocket, 'pointer', {
        canvasId,
        x: 12.5,
        y: -3,
        tool: 'pen',
      });
      expect(ack).toEqual({ ok: true, data: null });
      expect(await moved).toEqual({
        canvasId,
        userId: guest.id,
        username: guest.username,
        x: 12.5,
        y: -3,
        tool: 'pen',
      });
    });

    it('a socket outside the room moves nothing: NOT_FOUND, as for every canvas event', async () => {
      const ack = await expectNoEffect(server, [ownerSocket, guestSocket], () =>
        emitWithAck(strangerSocket, 'pointer', { canvasId, x: 1, y: 1 }),
      );
      expect(ack).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } });
    });
  });
});
