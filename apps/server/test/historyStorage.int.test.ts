/**
 * What history keeps on disk, in the real SQLite file: snapshots that the log overrules, and
 * deletion that leaves none of a canvas's drawing anywhere in the data directory.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import type { SceneAtRevision } from '@tabula/domain/protocol';
import { PROJECTIONS } from '../src/projections/index';
import { digestOf } from '../src/infrastructure/snapshots/snapshotStore';
import { rebuildProjections } from '../src/projections/rebuild';
import { createInMemoryReadModelStore } from '../src/infrastructure/readModels/index';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const INTERVAL = 4;

describe('history storage', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  async function drawStrokes(socket: ClientSocket, canvasId: string, count: number, tag = 's') {
    const revisions: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const ack = await emitWithAck<{ revision: number }>(socket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element(`${tag}${i}`, { x: i })],
      });
      expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
      revisions.push((ack as { data: { revision: number } }).data.revision);
    }
    return revisions;
  }

  /** `gridSceneCapacity: 0`: every read loads the stored snapshots, as after a restart. */
  async function opened(
    gridSceneCapacity?: number,
  ): Promise<{ owner: Member; socket: ClientSocket; canvasId: string }> {
    server = await startTestServer({
      overrides: {
        snapshotInterval: INTERVAL,
        ...(gridSceneCapacity === undefined ? {} : { gridSceneCapacity }),
      },
    });
    const owner = await signUp(server, 'owner');
    const socket = await server.socket(owner.token);
    const canvasId = await createCanvas(server, owner.token, 'Kept');
    await emitWithAck(socket, 'join-canvas', { canvasId });
    return { owner, socket, canvasId };
  }

  function snapshotRows(canvasId: string) {
    const db = new Database(path.join(server.dataDir, 'events.sqlite'));
    try {
      return db
        .prepare('SELECT revision FROM scene_snapshots WHERE canvas_id = ? ORDER BY revision')
        .all(canvasId)
        .map((row) => (row as { revision: number }).revision);
    } finally {
      db.close();
    }
  }

  it('stores snapshots as reads fold past the grid, and one that disagrees with the log is discarded and rebuilt', async () => {
    const { owner, socket, canvasId } = await opened(0);
    await drawStrokes(socket, canvasId, 10);
    const scene = async (revision: number) =>
      (
        await server.get<SceneAtRevision>(
          `/canvas/scene/${canvasId}?revision=${revision}`,
          owner.token,
        )
      ).body.data!.elements.map((e) => e.id);
    expect(await scene(9)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
    // 4 upserts at revision 4 (scene of 4), then 4 more at 8: fewer than the scene of 8.
    expect(snapshotRows(canvasId)).toEqual([4]);

    // Forge the snapshot of revision 4: first the event id it claims, then its body (which its
    // digest then refuses). Each time the read is right, and the row is the log's again.
    const db = new Database(path.join(server.dataDir, 'events.sqlite'));
    const row = () =>
      db
        .prepare(
          'SELECT last_event_id AS eventId, body FROM scene_snapshots WHERE canvas_id = ? AND revision = 4',
        )
        .get(canvasId) as { eventId: string; body: string };
    const honest = row();
    db.prepare(
      "UPDATE scene_snapshots SET last_event_id = 'forged' WHERE canvas_id = ? AND revision = 4",
    ).run(canvasId);
    expect(await scene(9)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
    expect(row()).toEqual(honest); // discarded, then written again by the fold
    db.prepare(`UPDATE scene_snapshots SET body = '[]' WHERE canvas_id = ? AND revision = 4`).run(
      canvasId,
    );
    expect(await scene(8)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7']);
    expect(row()).toEqual(honest);
    db.close();
  });

  it('after a restart, join-canvas starts from the newest snapshot and folds only the events after it', async () => {
    const { owner, socket, canvasId } = await opened();
    await drawStrokes(socket, canvasId, 10);
    await server.get(`/canvas/scene/${canvasId}?revision=9`, owner.token);
    expect(snapshotRows(canvasId)).toEqual([4]);
    await server.close({ keepData: true });
    // Rewrite the snapshot of revision 4 with a digest that matches (a body the log never
    // held): what join-canvas then shows proves where its scene came from.
    const db = new Database(path.join(server.dataDir, 'events.sqlite'));
    const body = JSON.stringify([element('planted')]);
    db.prepare(
      'UPDATE scene_snapshots SET body = ?, digest = ? WHERE canvas_id = ? AND revision = 4',
    ).run(body, digestOf(body), canvasId);
    db.close();
    server = await startTestServer({
      dataDir: server.dataDir,
      overrides: { snapshotInterval: INTERVAL },
    });
    const again = await server.socket(owner.token);
    const joined = await emitWithAck<{ revision: number; elements: { id: string }[] }>(
      again,
      'join-canvas',
      { canvasId },
    );
    expect(joined).toMatchObject({ ok: true, data: { revision: 10 } });
    // The snapshot's element, then the strokes of revisions 5 to 10 from the log.
    expect(
      (joined as { data: { elements: { id: string }[] } }).data.elements.map((e) => e.id),
    ).toEqual(['planted', 's4', 's5', 's6', 's7', 's8', 's9']);
    // `npm run canvas -- verify` is what finds such a snapshot (see canvasCli.int.test.ts).
  });

  it('deletion leaves no trace of the drawing in the data directory, and a rebuild still succeeds', async () => {
    const { owner, socket, canvasId } = await opened();
    const secret = `unique-${freshEventId()}-text`;
    await drawStrokes(socket, canvasId, 9);
    const ack = await emitWithAck(socket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('note', { type: 'text', text: secret, originalText: secret })],
    });
    expect(ack).toMatchObject({ ok: true });
    // The string is on disk (log and snapshots) before the deletion.
    await server.get(`/canvas/scene/${canvasId}`, owner.token);
    expect(snapshotRows(canvasId).length).toBeGreaterThan(0);
    expect(dataDirHolds(server.dataDir, secret)).toBe(true);

    const deleted = await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(dataDirHolds(server.dataDir, secret)).toBe(false);
    expect(snapshotRows(canvasId)).toEqual([]);
    for (const route of [`/canvas/history/${canvasId}`, `/canvas/scene/${canvasId}`]) {
      const answer = await server.get(route, owner.token);
      expect([answer.status, answer.body.message]).toEqual([404, CANVAS_NOT_FOUND]);
    }
    // Who deleted it and when is all that is left.
    expect(server.eventStore.erasureOf(`canvas-${canvasId}`)).toMatchObject({ actorId: owner.id });

    const rebuilt = createInMemoryReadModelStore();
    await rebuildProjections(server.eventStore, rebuilt, PROJECTIONS);
    expect(await rebuilt.get('canvases', canvasId)).toBeNull();
    expect(await server.app.context.scenes.of(canvasId)).toEqual({ revision: -1, elements: [] });
  });
});

/** True when any file of the directory (log, WAL, shared memory, anything) holds `text`. */
function dataDirHolds(dir: string, text: string): boolean {
  const needle = Buffer.from(text);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .some((entry) => readFileSync(path.join(entry.parentPath, entry.name)).includes(needle));
}
