/**
 * Clearing a shared board (docs/clearing.md) over real sockets and a real SQLite log: a clear
 * is marked and told to everyone showing the canvas (`canvas-cleared`), any member undoes it
 * (`undo-clear`) as new events, and the owner's "collaborators can clear the board" setting is
 * an event that the server enforces and that survives a restart (read models rebuilt).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEARING_NOT_ALLOWED, NOT_A_CLEAR } from '@tabula/domain';
import type {
  CanvasClearedMessage,
  CanvasDetail,
  ClearingSetting,
  HistoryPage,
  UpdatedCanvasMessage,
} from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  element,
  eventMatching,
  expectNoEffect,
  freshEventId,
  makeCollaborator,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

const drawn = ['e1', 'e2', 'e3', 'e4'].map((id, at) => element(id, { index: `a${at}` }));
const tombstones = drawn.map((shape) => ({ ...shape, version: 2, isDeleted: true }));

describe('clearing a shared board', () => {
  let server: TestServer;
  let alice: Member;
  let bob: Member;
  let aliceSocket: ClientSocket;
  let bobSocket: ClientSocket;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob] = [await signUp(server, 'alice'), await signUp(server, 'bob')];
    [aliceSocket, bobSocket] = [await server.socket(alice.token), await server.socket(bob.token)];
  });
  afterAll(() => server.close());

  /** Alice's canvas, Bob collaborating, both showing it, four shapes drawn by Alice. */
  async function sharedBoard(): Promise<string> {
    const canvasId = await createCanvas(server, alice.token, 'Shared');
    await makeCollaborator(aliceSocket, bobSocket, bob.id, canvasId);
    await emitWithAck(aliceSocket, 'join-canvas', { canvasId });
    await emitWithAck(bobSocket, 'join-canvas', { canvasId });
    const seen = nextEvent(bobSocket, 'updated-canvas');
    const ack = await emitWithAck(aliceSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: drawn,
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    await seen;
    return canvasId;
  }

  const liveIds = async (canvasId: string) => {
    const detail = await server.get<CanvasDetail>(`/canvas/getcanvas/${canvasId}`, alice.token);
    return detail.body.data!.elements.map((shape) => shape.id).sort();
  };

  const clear = (socket: ClientSocket, canvasId: string) =>
    emitWithAck<{ revision: number }>(socket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: tombstones,
    });

  it("a collaborator's clear is stored, marked, and told to every open board with the clearer's name", async () => {
    const canvasId = await sharedBoard();
    const aliceTold = nextEvent<CanvasClearedMessage>(aliceSocket, 'canvas-cleared');
    const bobTold = nextEvent<CanvasClearedMessage>(bobSocket, 'canvas-cleared');
    const ack = await clear(bobSocket, canvasId);
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    const revision = ack.ok ? ack.data.revision : -1;
    const expected = { canvasId, revision, actorId: bob.id, actorName: bob.username, count: 4 };
    expect(await aliceTold).toEqual(expected);
    expect(await bobTold).toEqual(expected);
    expect(await liveIds(canvasId)).toEqual([]);

    const history = await server.get<HistoryPage>(`/canvas/history/${canvasId}`, alice.token);
    const entry = history.body.data!.entries.find((item) => item.revision === revision);
    expect(entry).toMatchObject({ type: 'LineDrawn', actorId: bob.id, summary: { cleared: true } });
  });

  it('deleting the only element of a board is no clear: nobody is told', async () => {
    const canvasId = await createCanvas(server, alice.token, 'One shape');
    await emitWithAck(aliceSocket, 'join-canvas', { canvasId });
    const only = element('only');
    await emitWithAck(aliceSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [only],
    });
    const messages: string[] = [];
    const record = (event: string) => messages.push(event);
    aliceSocket.onAny(record);
    const ack = await emitWithAck(aliceSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [{ ...only, version: 2, isDeleted: true }],
    });
    expect(ack).toMatchObject({ ok: true });
    // A later clear of another board is told: by then this one would have been.
    const other = await sharedBoard();
    const told = nextEvent<CanvasClearedMessage>(aliceSocket, 'canvas-cleared');
    await clear(aliceSocket, other);
    expect((await told).canvasId).toBe(other);
    aliceSocket.offAny(record);
    expect(messages.filter((event) => event === 'canvas-cleared')).toHaveLength(1);
  });

  it('Undo brings back the cleared elements for everyone, as new events; a second Undo is refused', async () => {
    const canvasId = await sharedBoard();
    const ack = await clear(bobSocket, canvasId);
    const revision = ack.ok ? ack.data.revision : -1;
    // Drawn after the clear: the undo keeps it.
    await emitWithAck(bobSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('after', { index: 'b0' })],
    });
    const bobSees = eventMatching<UpdatedCanvasMessage>(
      bobSocket,
      'updated-canvas',
      (message) => message.canvasId === canvasId && message.elements.some((e) => !e.isDeleted),
    );
    const undone = await emitWithAck<{ revision: number }>(aliceSocket, 'undo-clear', {
      canvasId,
      revision,
    });
    expect(undone, JSON.stringify(undone)).toMatchObject({ ok: true });
    const restoredAt = undone.ok ? undone.data.revision : -1;
    expect(restoredAt).toBeGreaterThan(revision + 1);
    const update = await bobSees;
    expect(update.actorId).toBe(alice.id);
    expect(
      update.elements
        .filter((shape) => !shape.isDeleted)
        .map((shape) => shape.id)
        .sort(),
    ).toEqual(['after', 'e1', 'e2', 'e3', 'e4']);
    expect(await liveIds(canvasId)).toEqual(['after', 'e1', 'e2', 'e3', 'e4']);

    // The log is only appended to: the clear stays, the undo is a restore naming it.
    const records = await server.eventStore.readStream(`canvas-${canvasId}`);
    expect(records.find((record) => record.revision === revision)?.event).toMatchObject({
      type: 'LineDrawn',
      data: { cleared: true },
    });
    expect(records.find((record) => record.revision === restoredAt)?.event).toMatchObject({
      type: 'CanvasRestored',
      data: { undoesClear: revision, toRevision: revision - 1 },
    });

    const again = await emitWithAck(bobSocket, 'undo-clear', { canvasId, revision });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const notAClear = await emitWithAck(bobSocket, 'undo-clear', { canvasId, revision: 1 });
    expect(notAClear).toEqual({ ok: false, error: { code: 'INVALID', message: NOT_A_CLEAR } });
  });

  it('with the setting off, a collaborator clear is refused and nothing stored; the owner still clears', async () => {
    const canvasId = await sharedBoard();
    const read = async (token: string) =>
      (await server.get<ClearingSetting>(`/canvas/clearing/${canvasId}`, token)).body.data;
    expect(await read(bob.token)).toEqual({ collaboratorsCanClear: true });

    const refused = await server.post(
      `/canvas/clearing/${canvasId}`,
      { collaboratorsCanClear: false },
      bob.token,
    );
    expect(refused.status).toBe(403);
    const bad = await server.post(`/canvas/clearing/${canvasId}`, { allowed: false }, alice.token);
    expect(bad.status).toBe(400);
    const off = await server.post<ClearingSetting>(
      `/canvas/clearing/${canvasId}`,
      { collaboratorsCanClear: false },
      alice.token,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toEqual({ collaboratorsCanClear: false });
    expect(await read(bob.token)).toEqual({ collaboratorsCanClear: false });
    const detail = await server.get<CanvasDetail>(`/canvas/getcanvas/${canvasId}`, bob.token);
    expect(detail.body.data!.collaboratorsCanClear).toBe(false);

    const answer = await expectNoEffect(server, [aliceSocket, bobSocket], () =>
      clear(bobSocket, canvasId),
    );
    expect(answer).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: CLEARING_NOT_ALLOWED },
    });
    expect(await liveIds(canvasId)).toEqual(['e1', 'e2', 'e3', 'e4']);

    // Deleting some elements is still fine for a collaborator.
    const some = await emitWithAck(bobSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: tombstones.slice(0, 2),
    });
    expect(some).toMatchObject({ ok: true });

    const bobTold = nextEvent<CanvasClearedMessage>(bobSocket, 'canvas-cleared');
    const owner = await emitWithAck(aliceSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: tombstones.slice(2),
    });
    expect(owner).toMatchObject({ ok: true });
    expect(await bobTold).toMatchObject({ canvasId, actorId: alice.id, count: 2 });
  });

  it('the setting is kept across a restart (the read models are rebuilt from the log)', async () => {
    const canvasId = await createCanvas(server, alice.token, 'Kept');
    const off = await server.post(
      `/canvas/clearing/${canvasId}`,
      { collaboratorsCanClear: false },
      alice.token,
    );
    expect(off.status).toBe(200);
    await server.close({ keepData: true });
    server = await startTestServer({ dataDir: server.dataDir });
    const read = await server.get<ClearingSetting>(`/canvas/clearing/${canvasId}`, alice.token);
    expect(read.body.data).toEqual({ collaboratorsCanClear: false });
    [aliceSocket, bobSocket] = [await server.socket(alice.token), await server.socket(bob.token)];
  });
});
