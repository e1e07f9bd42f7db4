/**
 * Who has a canvas open: the socket that opens it (a board with join-canvas, a history with
 * watch-canvas) gets the whole list once, `canvas-people`, before its ack; the room then hears
 * `canvas-people-changed { joined, left }` as sockets open it, close it or disconnect, never
 * the whole list again. And the canvas events that name a canvas a socket cannot read
 * (`pointer`, `can-leave-canvas`, `close-canvas`) are refused NOT_FOUND like every other.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import type { CanvasPeopleChanged, CanvasPeopleMessage } from '@tabula/domain/protocol';
import {
  PRESENCE_EVENTS,
  createCanvas,
  eventMatching,
  logLength,
  makeCollaborator,
  recordMessages,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('canvas-people', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  const sameIds = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

  it('gives the opener the list once, then the room the changes as people open, close and go', async () => {
    server = await startTestServer();
    const [owner, guest, watcher] = [
      await signUp(server, 'owner'),
      await signUp(server, 'guest'),
      await signUp(server, 'watcher'),
    ];
    const [ownerSocket, guestSocket, watcherSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
      await server.socket(watcher.token),
    ];
    const canvasId = await createCanvas(server, owner.token, 'Here');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await makeCollaborator(ownerSocket, watcherSocket, watcher.id, canvasId);
    const list = (socket: ClientSocket) =>
      eventMatching<CanvasPeopleMessage>(socket, 'canvas-people', (m) => m.canvasId === canvasId);
    const change = (socket: ClientSocket, accept: (change: CanvasPeopleChanged) => boolean) =>
      eventMatching<CanvasPeopleChanged>(
        socket,
        'canvas-people-changed',
        (m) => m.canvasId === canvasId && accept(m),
      );
    const recording = recordMessages([ownerSocket]);

    // Before the ack: the opener's list is there when its board starts.
    const ownerList = list(ownerSocket);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    expect((await ownerList).userIds).toEqual([owner.id]);

    const guestList = list(guestSocket);
    const guestCame = change(ownerSocket, (m) => m.joined.includes(guest.id));
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    expect(sameIds((await guestList).userIds, [owner.id, guest.id])).toBe(true);
    expect((await guestCame).left).toEqual([]);

    // The history screen counts too.
    const watcherCame = change(ownerSocket, (m) => m.joined.includes(watcher.id));
    await emitWithAck(watcherSocket, 'watch-canvas', { canvasId });
    await watcherCame;

    const guestClosed = change(ownerSocket, (m) => m.left.includes(guest.id));
    await emitWithAck(guestSocket, 'close-canvas', { canvasId });
    expect((await guestClosed).joined).not.toContain(guest.id);

    const watcherGone = change(ownerSocket, (m) => m.left.includes(watcher.id));
    watcherSocket.disconnect();
    await watcherGone;
    expect(ownerSocket.connected).toBe(true);

    // The owner's one list was its own; everything after came as changes.
    const lists = recording
      .stop()
      .flat()
      .filter(([event]) => event === 'canvas-people');
    expect(lists).toHaveLength(1);
  });

  it('a second tab of someone already here changes nothing for the room; the user leaves with the last tab', async () => {
    server = await startTestServer();
    const [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    const ownerSocket = await server.socket(owner.token);
    const [tab1, tab2] = [await server.socket(guest.token), await server.socket(guest.token)];
    const canvasId = await createCanvas(server, owner.token, 'Tabs');
    await makeCollaborator(ownerSocket, tab1, guest.id, canvasId);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    await emitWithAck(tab1, 'join-canvas', { canvasId });
    await emitWithAck(tab2, 'join-canvas', { canvasId });
    // One tab closes: the guest is still here (a delta, if any, says joined, never left).
    const seen: CanvasPeopleChanged[] = [];
    ownerSocket.on('canvas-people-changed', (m: CanvasPeopleChanged) => seen.push(m));
    await emitWithAck(tab1, 'close-canvas', { canvasId });
    const gone = eventMatching<CanvasPeopleChanged>(ownerSocket, 'canvas-people-changed', (m) =>
      m.left.includes(guest.id),
    );
    await emitWithAck(tab2, 'close-canvas', { canvasId });
    await gone;
    const beforeLast = seen.slice(0, -1);
    expect(beforeLast.flatMap((m) => m.left)).not.toContain(guest.id);
  });

  describe('NOT_FOUND for a canvas the socket cannot read', () => {
    const NOT_FOUND = { ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } };
    const calls: Array<[string, (canvasId: string) => unknown]> = [
      ['pointer', (canvasId) => ({ canvasId, x: 1, y: 2 })],
      ['can-leave-canvas', (canvasId) => canvasId],
      ['close-canvas', (canvasId) => ({ canvasId })],
    ];

    it.each(calls)('%s: acked NOT_FOUND, nothing for the room', async (event, payload) => {
      server = await startTestServer();
      const [owner, stranger] = [await signUp(server, 'owner'), await signUp(server, 'stranger')];
      const ownerSocket = await server.socket(owner.token);
      const strangerSocket = await server.socket(stranger.token);
      const canvasId = await createCanvas(server, owner.token, 'Private');
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
      for (const target of [canvasId, randomUUID()]) {
        const before = await logLength(server);
        const recording = recordMessages([ownerSocket]);
        const answer = await emitWithAck(strangerSocket, event as never, payload(target) as never);
        expect(answer).toEqual(NOT_FOUND);
        // Barrier: the owner's own round trip comes after anything the refusal could cause.
        await emitWithAck(ownerSocket, 'list-online-users', { limit: 1 });
        const heard = recording.stop().flat();
        expect(heard.filter(([name]) => !PRESENCE_EVENTS.has(name))).toEqual([]);
        expect(await logLength(server)).toBe(before);
      }
    });

    it.each(calls)('%s without an ack: an error event', async (event, payload) => {
      server = await startTestServer();
      const [owner, stranger] = [await signUp(server, 'owner'), await signUp(server, 'stranger')];
      const strangerSocket = await server.socket(stranger.token);
      const canvasId = await createCanvas(server, owner.token, 'Private');
      const refused = eventMatching<{ message: string }>(strangerSocket, 'error', () => true);
      (strangerSocket.emit as (event: string, payload: unknown) => void)(event, payload(canvasId));
      expect((await refused).message).toBe(CANVAS_NOT_FOUND);
    });

    it('a member may still close a canvas it does not show, and one it showed once it is deleted', async () => {
      server = await startTestServer();
      const owner = await signUp(server, 'owner');
      const ownerSocket = await server.socket(owner.token);
      const canvasId = await createCanvas(server, owner.token, 'Gone');
      expect(await emitWithAck(ownerSocket, 'close-canvas', { canvasId })).toEqual({
        ok: true,
        data: { canvasId },
      });
      await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
      const deleted = eventMatching(ownerSocket, 'canvas-deleted', () => true);
      await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
      await deleted;
      expect(await emitWithAck(ownerSocket, 'close-canvas', { canvasId })).toEqual({
        ok: true,
        data: { canvasId },
      });
    });
  });
});
