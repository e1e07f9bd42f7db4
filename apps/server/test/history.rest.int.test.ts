/**
 * Audit and replay over the real server (SQLite log and snapshots, real sockets): the history
 * of two users' strokes, the scene at a revision, "who drew this", restore (whole and
 * selective), fork and named versions. The live `history-appended` feed:
 * historyFeed.socket.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '@tabula/domain';
import type {
  CanvasSummary,
  Checkpoint,
  ElementHistoryItem,
  HistoryPage,
  ReplayPage,
  SceneAtRevision,
} from '@tabula/domain/protocol';
import type { Member } from './scenario';
import {
  createCanvas,
  draw,
  element,
  freshEventId,
  logLength,
  makeCollaborator,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('canvas history', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { snapshotInterval: 4 } });
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
  });
  afterAll(() => server.close());

  /** A shared canvas both have open. */
  async function sharedCanvas(): Promise<string> {
    const canvasId = await createCanvas(server, owner.token, 'Story');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    return canvasId;
  }

  async function get<T>(path: string, token = owner.token): Promise<T> {
    const answer = await server.get<T>(path, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data!;
  }

  /** Three strokes each, alternating; resolves with each stroke's revision. */
  async function sixStrokes(canvasId: string): Promise<number[]> {
    const revisions: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      revisions.push(await draw(ownerSocket, canvasId, [element(`o${i}`, { x: i * 50 })]));
      revisions.push(await draw(guestSocket, canvasId, [element(`g${i}`, { y: i * 50 })]));
    }
    return revisions;
  }

  it('lists six drawing entries with their authors, and the scene after the first holds one element', async () => {
    const canvasId = await sharedCanvas();
    const strokes = await sixStrokes(canvasId);
    const page = await get<HistoryPage>(`/canvas/history/${canvasId}?types=LineDrawn&order=asc`);
    expect(page.entries.map((entry) => [entry.actorName, entry.summary])).toEqual([
      [owner.username, { added: [{ id: 'o0', type: 'rectangle' }], changed: [], deleted: [] }],
      [guest.username, { added: [{ id: 'g0', type: 'rectangle' }], changed: [], deleted: [] }],
      [owner.username, { added: [{ id: 'o1', type: 'rectangle' }], changed: [], deleted: [] }],
      [guest.username, { added: [{ id: 'g1', type: 'rectangle' }], changed: [], deleted: [] }],
      [owner.username, { added: [{ id: 'o2', type: 'rectangle' }], changed: [], deleted: [] }],
      [guest.username, { added: [{ id: 'g2', type: 'rectangle' }], changed: [], deleted: [] }],
    ]);
    expect(page.entries.map((entry) => entry.revision)).toEqual(strokes);
    const first = await get<SceneAtRevision>(`/canvas/scene/${canvasId}?revision=${strokes[0]}`);
    expect(first.elements.map((e) => e.id)).toEqual(['o0']);
    const latest = await get<SceneAtRevision>(`/canvas/scene/${canvasId}`);
    expect(latest.elements.map((e) => e.id).sort()).toEqual(['g0', 'g1', 'g2', 'o0', 'o1', 'o2']);
  });

  it('pages newest first with a cursor, and filters by author', async () => {
    const canvasId = await sharedCanvas();
    const strokes = await sixStrokes(canvasId);
    const first = await get<HistoryPage>(`/canvas/history/${canvasId}?limit=4`);
    expect(first.entries.map((entry) => entry.revision)).toEqual(strokes.slice(2).reverse());
    expect(first.next).toBe(strokes[2]);
    const rest = await get<HistoryPage>(`/canvas/history/${canvasId}?limit=4&before=${first.next}`);
    // Two strokes, then the membership events and the creation.
    expect(rest.entries.map((entry) => entry.type)).toEqual([
      'LineDrawn',
      'LineDrawn',
      'InvitationAccepted',
      'UserInvited',
    ]);
    const byGuest = await get<HistoryPage>(`/canvas/history/${canvasId}?actor=${guest.id}`);
    expect(byGuest.entries.map((entry) => entry.revision)).toEqual(
      [strokes[1], strokes[3], strokes[5]]
        .reverse()
        .concat(byGuest.entries.slice(3).map((e) => e.revision)),
    );
    expect(byGuest.entries.every((entry) => entry.actorId === guest.id)).toBe(true);
  });

  it("names who drew and changed an element ('who drew this')", async () => {
    const canvasId = await sharedCanvas();
    const drawn = await draw(ownerSocket, canvasId, [element('shape')]);
    const moved = await draw(guestSocket, canvasId, [element('shape', { version: 2, x: 99 })]);
    const story = await get<ElementHistoryItem[]>(`/canvas/element-history/${canvasId}/shape`);
    expect(
      story.map(({ revision, actorName, version, isDeleted }) => ({
        revision,
        actorName,
        version,
        isDeleted,
      })),
    ).toEqual([
      { revision: drawn, actorName: owner.username, version: 1, isDeleted: false },
      { revision: moved, actorName: guest.username, version: 2, isDeleted: false },
    ]);
  });

  it('gives replay steps with each gesture’s upserts and timing', async () => {
    const canvasId = await sharedCanvas();
    const ack = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [
        element('pen', {
          type: 'freedraw',
          points: [
            [0, 0],
            [5, 5],
            [9, 9],
          ],
        }),
      ],
      timing: { pen: [0, 40, 90] },
    });
    expect(ack).toMatchObject({ ok: true });
    const replay = await get<ReplayPage>(`/canvas/replay/${canvasId}`);
    const step = replay.steps.find((candidate) => candidate.entry.type === 'LineDrawn');
    expect(step?.elements.map((e) => e.id)).toEqual(['pen']);
    expect(step?.timing).toEqual({ pen: [0, 40, 90] });
    expect(replay.steps[0]?.entry.type).toBe('CanvasCreated');
  });

  it('restores as owner: both clients get the old scene, the history grows by one; a collaborator is refused', async () => {
    const canvasId = await sharedCanvas();
    const strokes = await sixStrokes(canvasId);
    const before = await logLength(server);
    const refused = await server.post(
      `/canvas/restore/${canvasId}`,
      { revision: strokes[0] },
      guest.token,
    );
    expect([refused.status, refused.body.message]).toEqual([403, NOT_ALLOWED]);
    expect(await logLength(server)).toBe(before);

    const ownerSees = nextEvent<{ elements: { id: string; isDeleted: boolean }[] }>(
      ownerSocket,
      'updated-canvas',
    );
    const guestSees = nextEvent<{ elements: { id: string; isDeleted: boolean }[] }>(
      guestSocket,
      'updated-canvas',
    );
    const restored = await server.post<{ revision: number }>(
      `/canvas/restore/${canvasId}`,
      { revision: strokes[0] },
      owner.token,
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    for (const seen of [await ownerSees, await guestSees]) {
      expect(seen.elements.filter((e) => !e.isDeleted).map((e) => e.id)).toEqual(['o0']);
    }
    const scene = await get<SceneAtRevision>(`/canvas/scene/${canvasId}`);
    expect(scene.elements.map((e) => e.id)).toEqual(['o0']);
    const latest = await get<HistoryPage>(`/canvas/history/${canvasId}?limit=1`);
    expect(latest.entries[0]).toMatchObject({
      revision: restored.body.data!.revision,
      type: 'CanvasRestored',
      actorId: owner.id,
      summary: { toRevision: strokes[0] },
    });
    // A restore is undone by restoring the revision before it.
    await server.post(
      `/canvas/restore/${canvasId}`,
      { revision: restored.body.data!.revision - 1 },
      owner.token,
    );
    const undone = await get<SceneAtRevision>(`/canvas/scene/${canvasId}`);
    expect(undone.elements).toHaveLength(6);
  });

  it("shows a collaborator's reset as one 'cleared' entry the owner undoes in one restore", async () => {
    const canvasId = await sharedCanvas();
    await sixStrokes(canvasId);
    const scene = await get<SceneAtRevision>(`/canvas/scene/${canvasId}`);
    const cleared = await draw(
      guestSocket,
      canvasId,
      scene.elements.map((e) => ({ ...e, isDeleted: true, version: e.version + 1 })),
    );
    const [entry] = (await get<HistoryPage>(`/canvas/history/${canvasId}?limit=1`)).entries;
    expect(entry).toMatchObject({
      revision: cleared,
      actorName: guest.username,
      summary: { cleared: true },
    });
    const restored = await server.post(
      `/canvas/restore/${canvasId}`,
      { revision: cleared - 1 },
      owner.token,
    );
    expect(restored.status).toBe(200);
    expect((await get<SceneAtRevision>(`/canvas/scene/${canvasId}`)).elements).toHaveLength(6);
  });

  it('restores only the chosen elements, leaving the rest as it is now', async () => {
    const canvasId = await sharedCanvas();
    const kept = await draw(ownerSocket, canvasId, [element('a'), element('b')]);
    await draw(guestSocket, canvasId, [
      element('a', { version: 2, isDeleted: true }),
      element('b', { version: 2, x: 500 }),
    ]);
    await draw(guestSocket, canvasId, [element('c')]);
    const answer = await server.post(
      `/canvas/restore/${canvasId}`,
      { revision: kept, elementIds: ['a'] },
      owner.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const scene = await get<SceneAtRevision>(`/canvas/scene/${canvasId}`);
    expect(scene.elements.map((e) => [e.id, e.x]).sort()).toEqual([
      ['a', 10],
      ['b', 500],
      ['c', 10],
    ]);
  });

  it('forks a revision into a new canvas at the top of the caller’s list; the source is unchanged', async () => {
    const canvasId = await sharedCanvas();
    const strokes = await sixStrokes(canvasId);
    const answer = await server.post<CanvasSummary>(
      `/canvas/fork/${canvasId}`,
      { revision: strokes[1] },
      guest.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const fork = answer.body.data!;
    expect(fork.name).toBe('Story (copy)');
    const list = await get<CanvasSummary[]>('/canvas/getallcanvases', guest.token);
    expect(list[0]?._id).toBe(fork._id);
    const forked = await get<SceneAtRevision>(`/canvas/scene/${fork._id}`, guest.token);
    expect(forked.elements.map((e) => e.id).sort()).toEqual(['g0', 'o0']);
    const [created] = (await get<HistoryPage>(`/canvas/history/${fork._id}?order=asc`, guest.token))
      .entries;
    expect(created?.summary).toEqual({
      name: 'Story (copy)',
      forkedFrom: { canvasId, revision: strokes[1] },
    });
    expect((await get<SceneAtRevision>(`/canvas/scene/${canvasId}`)).elements).toHaveLength(6);
  });

  it('names versions: listed in order and in the history', async () => {
    const canvasId = await sharedCanvas();
    const strokes = await sixStrokes(canvasId);
    const named = await server.post(
      `/canvas/checkpoint/${canvasId}`,
      { revision: strokes[2], label: '  First draft ' },
      guest.token,
    );
    expect([named.status, named.body.data]).toEqual([
      201,
      { revision: strokes[2], label: 'First draft' },
    ]);
    const list = await get<Checkpoint[]>(`/canvas/checkpoints/${canvasId}`);
    expect(list).toEqual([
      expect.objectContaining({ revision: strokes[2], label: 'First draft', actorId: guest.id }),
    ]);
    const [entry] = (await get<HistoryPage>(`/canvas/history/${canvasId}?limit=1`)).entries;
    expect(entry).toMatchObject({
      type: 'CheckpointNamed',
      summary: { revision: strokes[2], label: 'First draft' },
    });
  });
});
