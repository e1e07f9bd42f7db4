/**
 * The live canvas room over real sockets, on the SQLite log and on the in-memory store: ink
 * relay and its refusals, gesture timing in the log, no echo of a commit to its author's
 * socket, and close-canvas. "Nothing arrived" is always proven by a barrier: a message that
 * the server would have written after the one that must not arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '@tabula/domain';
import type { Event, LineDrawn } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { createInMemoryEventStore } from '../src/infrastructure/eventStore/inMemoryEventStore';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

const stores = {
  sqlite: () => startTestServer(),
  'in-memory': () =>
    startTestServer({ overrides: { eventStore: createInMemoryEventStore<Event>() } }),
};

/** Collects what a socket receives of one event. */
function collect<T>(socket: ClientSocket, event: 'ink' | 'updated-canvas'): T[] {
  const received: T[] = [];
  socket.on(event, (payload: unknown) => received.push(payload as T));
  return received;
}

const freedraw = (id: string) =>
  element(id, { type: 'freedraw', points: [[0, 0]], pressures: [0.5] });

describe.each(Object.entries(stores))('the live canvas room (%s store)', (_name, start) => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await start();
    [owner, guest, stranger] = [
      await signUp(server, 'owner'),
      await signUp(server, 'guest'),
      await signUp(server, 'stranger'),
    ];
  });
  afterAll(() => server.close());

  const eventCount = async () => (await server.app.context.eventStore.readAll()).length;

  /** A fresh shared canvas; the owner's and the guest's sockets have joined it. */
  async function sharedCanvas() {
    const canvasId = await createCanvas(server, owner.token);
    const [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    for (const socket of [ownerSocket, guestSocket])
      expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    return { canvasId, ownerSocket, guestSocket };
  }

  describe('ink', () => {
    it('reaches the others showing the canvas (another tab of the sender too), never the sender', async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const ownerTab = await server.socket(owner.token);
      await emitWithAck(ownerTab, 'join-canvas', { canvasId });
      const echoed = collect<InkMessage>(ownerSocket, 'ink');
      const [atGuest, atTab] = [
        nextEvent<InkMessage>(guestSocket, 'ink'),
        nextEvent<InkMessage>(ownerTab, 'ink'),
      ];
      const before = await eventCount();
      const patch = { id: 'f1', version: 2, fromIndex: 1, points: [[3, 4]], pressures: [0.4] };
      const ack = await emitWithAck(ownerSocket, 'ink', {
        canvasId,
        elements: [freedraw('f1')],
        patches: [patch],
      });
      expect(ack).toEqual({ ok: true, data: null });
      const expected = {
        canvasId,
        actorId: owner.id,
        elements: [freedraw('f1')],
        patches: [patch],
      };
      expect(await atGuest).toEqual(expected);
      expect(await atTab).toEqual(expected);
      // The relay is written before the ack: an echo would have arrived before it.
      expect(echoed).toEqual([]);
      expect(await eventCount()).toBe(before);
    });

    /**
     * `sender`'s ink `body` is refused with `code` and a message matching `message`; nothing
     * reaches the listener: `barrierSender`'s valid ink, sent after the refusal was answered,
     * is the first ink it hears. The log does not grow.
     */
    async function expectRefusedInk(
      canvasId: string,
      sender: ClientSocket,
      body: object,
      refusal: { code: string; message: string | RegExp },
      sockets: { listener: ClientSocket; barrierSender: ClientSocket },
    ) {
      const heard = collect<InkMessage>(sockets.listener, 'ink');
      const before = await eventCount();
      const refused = (await emitWithAck(sender, 'ink', { canvasId, ...body })) as {
        ok: boolean;
        error?: { code: string; message: string };
      };
      expect(refused.ok).toBe(false);
      expect(refused.error?.code).toBe(refusal.code);
      expect(refused.error?.message).toMatch(refusal.message);
      const barrier = nextEvent(sockets.listener, 'ink');
      await emitWithAck(sockets.barrierSender, 'ink', { canvasId, elements: [freedraw('ok')] });
      await barrier;
      expect(heard.map((message) => message.elements?.[0]?.id)).toEqual(['ok']);
      expect(await eventCount()).toBe(before);
    }

    const FORBIDDEN = { code: 'FORBIDDEN', message: NOT_ALLOWED };
    const inkBody = { elements: [freedraw('x')] };

    it("refuses a non-member's ink with FORBIDDEN 'Not allowed!' and relays nothing", async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const strangerSocket = await server.socket(stranger.token);
      await expectRefusedInk(canvasId, strangerSocket, inkBody, FORBIDDEN, {
        listener: ownerSocket,
        barrierSender: guestSocket,
      });
    });

    it("refuses ink from a member's socket that did not join the canvas (FORBIDDEN) and relays nothing", async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const notJoined = await server.socket(guest.token);
      await expectRefusedInk(canvasId, notJoined, inkBody, FORBIDDEN, {
        listener: ownerSocket,
        barrierSender: guestSocket,
      });
    });

    it('stops a removed collaborator at once: FORBIDDEN, nothing relayed', async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const removed = await emitWithAck(ownerSocket, 'remove-user', {
        adminUserId: owner.id,
        canvasId,
        toUserId: guest.id,
      });
      expect(removed).toMatchObject({ ok: true });
      const ownerTab = await server.socket(owner.token);
      await emitWithAck(ownerTab, 'join-canvas', { canvasId });
      await expectRefusedInk(canvasId, guestSocket, inkBody, FORBIDDEN, {
        listener: ownerSocket,
        barrierSender: ownerTab,
      });
    });

    it.each([
      [
        'a patch with a negative fromIndex',
        { patches: [{ id: 'f1', version: 2, fromIndex: -1, points: [[1, 2]] }] },
        /fromIndex must be an integer/,
      ],
      [
        'a patch whose points are not [x, y] pairs',
        { patches: [{ id: 'f1', version: 2, fromIndex: 1, points: [[1]] }] },
        /\[x, y\] pairs/,
      ],
      ['neither elements nor patches', {}, /^patches is required/],
    ])('refuses %s with INVALID and the rule, relaying nothing', async (_label, body, message) => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      await expectRefusedInk(
        canvasId,
        guestSocket,
        body,
        { code: 'INVALID', message },
        {
          listener: ownerSocket,
          barrierSender: guestSocket,
        },
      );
    });
  });

  describe('commits', () => {
    it('stores the gesture timing in the LineDrawn event', async () => {
      const { canvasId, guestSocket } = await sharedCanvas();
      const timing = { r1: [0, 16, 40] };
      const ack = await emitWithAck<{ revision: number }>(guestSocket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element('r1')],
        timing,
      });
      expect(ack.ok).toBe(true);
      const events = (await server.app.context.eventStore.readAll()).map((r) => r.event);
      const drawn = events.filter(
        (event): event is LineDrawn =>
          event.type === 'LineDrawn' && (event as LineDrawn).data.canvasId === canvasId,
      );
      expect(drawn).toHaveLength(1);
      expect(drawn[0]!.data).toEqual({ canvasId, elements: [element('r1')], timing });
    });

    it("does not echo a commit to its author's socket; a peer and the author's other tab get it", async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const ownerTab = await server.socket(owner.token);
      await emitWithAck(ownerTab, 'join-canvas', { canvasId });
      const atAuthor = collect<{ revision: number }>(guestSocket, 'updated-canvas');
      const [atOwner, atTab] = [
        nextEvent<{ revision: number; actorId: string }>(ownerSocket, 'updated-canvas'),
        nextEvent<{ revision: number; actorId: string }>(ownerTab, 'updated-canvas'),
      ];
      const ack = await emitWithAck<{ revision: number }>(guestSocket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element('mine')],
      });
      const revision = ack.ok ? ack.data.revision : -1;
      expect(await atOwner).toMatchObject({ revision, actorId: guest.id });
      expect(await atTab).toMatchObject({ revision, actorId: guest.id });
      // Barrier: the room was sent the change before the peers got it; a round trip of the
      // author's socket after that would come after an echo.
      await emitWithAck(guestSocket, 'can-leave-canvas', canvasId);
      expect(atAuthor).toEqual([]);
    });
  });

  describe('close-canvas', () => {
    it('takes the socket out of the room: no more updated-canvas or ink; membership stays', async () => {
      const { canvasId, ownerSocket, guestSocket } = await sharedCanvas();
      const ownerTab = await server.socket(owner.token);
      await emitWithAck(ownerTab, 'join-canvas', { canvasId });
      expect(await emitWithAck(guestSocket, 'close-canvas', { canvasId })).toEqual({
        ok: true,
        data: { canvasId },
      });
      const atClosed = {
        ink: collect(guestSocket, 'ink'),
        updates: collect(guestSocket, 'updated-canvas'),
      };
      const heardByTab = nextEvent(ownerTab, 'updated-canvas');
      await emitWithAck(ownerSocket, 'ink', { canvasId, elements: [freedraw('f')] });
      await emitWithAck(ownerSocket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element('after-close')],
      });
      await heardByTab;
      await emitWithAck(guestSocket, 'can-leave-canvas', canvasId);
      expect(atClosed).toEqual({ ink: [], updates: [] });
      // Still a collaborator: it may open the canvas again, and then hears the room.
      expect(await emitWithAck(guestSocket, 'join-canvas', { canvasId })).toMatchObject({
        ok: true,
      });
      const inkAgain = nextEvent<InkMessage>(guestSocket, 'ink');
      await emitWithAck(ownerSocket, 'ink', { canvasId, elements: [freedraw('again')] });
      expect((await inkAgain).elements?.[0]?.id).toBe('again');
    });

    it('refuses a malformed close-canvas with INVALID', async () => {
      const socket = await server.socket(guest.token);
      const answer = await emitWithAck(socket, 'close-canvas', { canvasId: '' });
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    });
  });
});
