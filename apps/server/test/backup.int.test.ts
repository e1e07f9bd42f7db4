/**
 * `npm run backup -- <file>` while the real server (a child process) keeps writing, then a
 * restore: a server started on the copy shows every canvas exactly as the log had it at the
 * copy's moment. The copy is a prefix of the live log (every event up to one position, the
 * same ones, none after), passes SQLite's integrity check, and each canvas on the restored
 * server has the scene the original log had at the copy's last revision of that canvas (read
 * with `npm run canvas -- scene --revision` on the original).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { AuthenticatedUser } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import { element, freshEventId } from './scenario';
import { rest, restView, sceneAt, signUpAt } from './support/restClient';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { connectSocket, emitWithAck } from './testServer';
import { sceneKey } from './support/widgetTab';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'tabula-backup-'));
const liveDir = path.join(root, 'live');
const restoredDir = path.join(root, 'restored');
const servers: TabulaServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Runs a CLI of the server (`src/cli/<name>.ts`) on `dataDir` as npm runs it from `typedIn`. */
function cli(name: string, dataDir: string, args: string[], typedIn = SERVER_DIR) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_DIR, `src/cli/${name}.ts`), ...args],
      {
        // npm runs the script in the package; INIT_CWD is where it was typed.
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          REDIS_URL: '',
          EVENTSTORE_URL: '',
          INIT_CWD: typedIn,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Resolves once `holds()` is true, looking again after each turn of the event loop. */
function until(holds: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (holds() ? resolve() : setImmediate(look));
    look();
  });
}

async function readLog(dataDir: string) {
  const store = openSqliteEventStore({ dataDir });
  try {
    return (await store.readAll()).map(({ position, streamName, revision, event }) => ({
      position,
      streamName,
      revision,
      eventId: (event.metadata as { eventId: string }).eventId,
    }));
  } finally {
    await store.close();
  }
}

it('copies the log while the server writes, and a server on the copy has every canvas as it was', async () => {
  const live = await startTabulaServer({ dataDir: liveDir, env: { DEMO_ACCOUNTS: 'off' } });
  servers.push(live);
  const users: AuthenticatedUser[] = [
    await signUpAt(live.url, 'ann'),
    await signUpAt(live.url, 'ben'),
  ];
  const canvasIds: string[] = [];
  for (const [i, user] of [...users, ...users].entries()) {
    const created = await rest<{ _id: string }>(
      live.url,
      'POST',
      '/canvas/createcanvas',
      { name: `Board ${i}` },
      user.token,
    );
    expect(created.status).toBe(201);
    canvasIds.push(created.body.data!._id);
  }
  const owners = [...users, ...users];

  // Writers: each canvas gets strokes (and, now and then, an edit of an earlier one) until told
  // to stop; each waits for its ack before the next, so the log grows the whole time.
  let writing = true;
  let written = 0;
  const strokesOf = canvasIds.map(() => 0);
  const writers = canvasIds.map(async (canvasId, i) => {
    const socket = await connectSocket(live.url, owners[i]!.token);
    await emitWithAck(socket, 'join-canvas', { canvasId });
    for (let n = 0; writing; n += 1) {
      const elements = [element(`c${i}-s${n}`, { x: n })];
      if (n % 5 === 4)
        elements.push(element(`c${i}-s${n - 4}`, { version: 2, x: -n, isDeleted: n % 10 === 9 }));
      const ack = await emitWithAck(socket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements,
      });
      expect(ack).toMatchObject({ ok: true });
      written += 1;
      strokesOf[i]! += 1;
    }
    socket.disconnect();
  });

  // The copy is taken with writes going on before, during and after it: every canvas has
  // strokes before it (on a busy machine a writer's socket may take seconds to join).
  await until(() => strokesOf.every((strokes) => strokes > 0));
  const backupFile = path.join(root, 'copy.sqlite');
  const backup = await cli('backup', liveDir, ['copy.sqlite'], root);
  const during = written;
  await until(() => written >= during + canvasIds.length);
  writing = false;
  await Promise.all(writers);
  expect([backup.code, backup.stderr]).toEqual([0, '']);
  expect(backup.stdout).toMatch(
    /^Backed up \d+ events \(up to log position \d+\) to .*copy\.sqlite/,
  );

  // A second backup to the same file is refused, and the first is left alone.
  const again = await cli('backup', liveDir, [backupFile]);
  expect([again.code, again.stderr.trim()]).toEqual([
    2,
    `${backupFile} exists; give a new file name.`,
  ]);
  const noFile = await cli('backup', liveDir, []);
  expect(noFile.code).toBe(2);

  // The copy is a prefix of the log: the same events in the same order, up to one position.
  await live.stop();
  servers.splice(0);
  mkdirSync(restoredDir);
  copyFileSync(backupFile, path.join(restoredDir, 'events.sqlite'));
  const original = await readLog(liveDir);
  const copied = await readLog(restoredDir);
  expect(copied.length).toBeGreaterThan(0);
  // Writes went on after the copy: the log is longer, its start is the copy.
  expect(copied.length).toBeLessThan(original.length);
  expect(copied).toEqual(original.slice(0, copied.length));
  expect(backup.stdout).toContain(`Backed up ${copied.length} events`);

  // A server on the copy: each canvas's scene is the original's at the copy's last revision.
  const restored = await startTabulaServer({
    dataDir: restoredDir,
    env: { DEMO_ACCOUNTS: 'off' },
  });
  servers.push(restored);
  for (const [i, canvasId] of canvasIds.entries()) {
    const revisions = copied.filter((entry) => entry.streamName === `canvas-${canvasId}`);
    const head = revisions[revisions.length - 1]!.revision;
    const expected = await cli('canvas', liveDir, ['scene', canvasId, '--revision', String(head)]);
    expect(expected.code, expected.stderr).toBe(0);
    const expectedScene = (JSON.parse(expected.stdout) as { elements: SceneElement[] }).elements;
    const restoredScene = await sceneAt(restored.url, canvasId, owners[i]!.token);
    expect(sceneKey(restoredScene)).toEqual(sceneKey(expectedScene));
    expect(restoredScene.length).toBeGreaterThan(0);
  }
  // Accounts, sessions and canvas lists came through too.
  const view = await restView(restored.url, users, []);
  for (const user of users) {
    expect(view[`fetchuser ${user.username}`]).toMatchObject({ success: true });
    expect((view[`list ${user.username}`] as { data: unknown[] }).data).toHaveLength(2);
  }
  expect(existsSync(`${backupFile}.partial-${process.pid}`)).toBe(false);
}, 120_000);
