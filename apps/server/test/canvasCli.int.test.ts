/**
 * `npm run canvas` as an operator runs it: a child process on the data directory of a running
 * server (the SQLite log and its snapshots), printing history, a scene, and verifying.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

function canvasCli(dataDir: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/canvas.ts', ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATA_DIR: dataDir, REDIS_URL: '', EVENTSTORE_URL: '' },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run canvas', () => {
  let server: TestServer;
  let owner: Member;
  let canvasId: string;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { snapshotInterval: 4 } });
    owner = await signUp(server, 'owner');
    const socket = await server.socket(owner.token);
    canvasId = await createCanvas(server, owner.token, 'Audited');
    await emitWithAck(socket, 'join-canvas', { canvasId });
    for (let i = 0; i < 6; i += 1) {
      const ack = await emitWithAck(socket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element(`s${i}`)],
      });
      expect(ack).toMatchObject({ ok: true });
    }
  });
  afterAll(() => server.close());

  it('prints the history as JSON lines, with names, oldest first', async () => {
    const { code, stdout } = await canvasCli(server.dataDir, 'history', canvasId);
    expect(code).toBe(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.type)).toEqual([
      'CanvasCreated',
      ...Array(6).fill('LineDrawn'),
    ]);
    expect(entries[1]).toMatchObject({
      revision: 1,
      actorName: owner.username,
      summary: { added: [{ id: 's0' }] },
    });
  });

  it('prints the scene at a revision, and refuses one past the end', async () => {
    const scene = await canvasCli(server.dataDir, 'scene', canvasId, '--revision', '2');
    expect(scene.code).toBe(0);
    expect(
      JSON.parse(scene.stdout)
        .elements.map((e: { id: string }) => e.id)
        .sort(),
    ).toEqual(['s0', 's1']);
    const past = await canvasCli(server.dataDir, 'scene', canvasId, '--revision', '99');
    expect([past.code, past.stderr.trim()]).toEqual([
      2,
      "Revision 99 is past the canvas's last one (6).",
    ]);
    const unknown = await canvasCli(server.dataDir, 'scene', 'no-such-canvas');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([2, 'Canvas not found: no-such-canvas']);
  });

  it('verifies: 0 when all agree, 1 with the difference when a snapshot lies, then 0 once rebuilt', async () => {
    expect((await canvasCli(server.dataDir, 'verify')).code).toBe(0);
    // A snapshot with a well-formed, self-consistent body that is not what the log says.
    const db = new Database(path.join(server.dataDir, 'events.sqlite'));
    const body = JSON.stringify([element('forged')]);
    const digest = createHash('sha256').update(body).digest('base64url');
    const changed = db
      .prepare(
        'UPDATE scene_snapshots SET body = ?, digest = ? WHERE canvas_id = ? AND revision = 4',
      )
      .run(body, digest, canvasId);
    db.close();
    expect(changed.changes).toBe(1);
    const lied = await canvasCli(server.dataDir, 'verify');
    expect(lied.code).toBe(1);
    expect(JSON.parse(lied.stdout.trim())).toEqual({ canvasId, snapshots: [4], currentScene: [] });
    expect((await canvasCli(server.dataDir, 'verify')).code).toBe(0);
  });
});
