/**
 * The cold-join bench's server: a data directory with a big canvas drawn through the command
 * handler (`drawBigCanvas`), and the real app started on it afresh (`coldServer`), so the
 * canvas's scene is in no memory. Sessions are in the log, so the tokens outlive the restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasStreamName, userStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import { createApp } from '../../src/app';
import { newSessionToken } from '../../src/features/auth/sessionTokens';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import { openSqliteSnapshotStore } from '../../src/infrastructure/snapshots/sqliteSnapshotStore';
import { benchStroke } from '../benchStroke';
import { benchDeps } from '../presence/benchApp';

const CANVAS = 'cold-big';
const OTHER = 'cold-other';
const tokens = new Map<string, string>();

/** `thread`: cold scenes load in the scene load thread, as the embedded server's do. */
async function open(dataDir: string, thread = true) {
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const snapshots = openSqliteSnapshotStore({ dataDir });
  const sceneLoadDir = thread ? dataDir : undefined;
  const app = await createApp({ ...benchDeps(eventStore), snapshots, sceneLoadDir });
  const close = async () => {
    await app.close();
    await snapshots.close();
    await eventStore.close();
  };
  return { app, close };
}

/** A data directory holding the big canvas (25 strokes a drawing) and another canvas. */
export async function drawBigCanvas(elements: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tabula-cold-'));
  const { app, close } = await open(dataDir);
  const { context } = app;
  const now = () => new Date().toISOString();
  for (const name of ['owner', 'drawer']) {
    const { token, sessionId } = newSessionToken();
    tokens.set(name, token);
    await context.users.handle(userStreamName(name), {
      type: 'RegisterUser',
      data: {
        userId: name,
        username: `cold-${name}`,
        email: `${name}@bench.local`,
        passwordHash: 'x',
        profilePhoto: '',
        sessionId,
      },
      metadata: { actorId: name, now: now(), eventId: `${name}-registered` },
    });
  }
  let n = 0;
  const command = (canvasId: string, actorId: string, type: string, data: object) =>
    context.canvases.handle(canvasStreamName(canvasId), {
      type,
      data: { canvasId, ...data },
      metadata: { actorId, now: now(), eventId: `cold-${(n += 1)}` },
    } as never);
  await command(OTHER, 'drawer', 'CreateCanvas', { name: 'Other' });
  let last = (await command(CANVAS, 'owner', 'CreateCanvas', { name: 'Big' })).position;
  const all = Array.from({ length: elements }, (_, i) => benchStroke(i));
  for (let start = 0; start < elements; start += 25)
    last = (await command(CANVAS, 'owner', 'DrawLine', { elements: all.slice(start, start + 25) }))
      .position;
  await context.projections.waitFor(last);
  // A history read folds the log and stores the grid point's snapshot, as browsing would.
  const answer = await fetch(`${await app.listen(0)}/canvas/scene/${CANVAS}?revision=1000`, {
    headers: { 'auth-token': tokens.get('owner')! },
  });
  if (!answer.ok) throw new Error(`history read: ${answer.status}`);
  await context.snapshotsSettled();
  await close();
  return dataDir;
}

/** The canvases `drawBigCanvas` made: the big one and another on which someone draws. */
export const COLD_CANVASES = { big: CANVAS, other: OTHER };

/** A user's token from `drawBigCanvas` (this process's): it outlives the restart. */
export function coldToken(user: 'owner' | 'drawer'): string {
  return tokens.get(user)!;
}

/** The app started afresh on `dataDir` (`coldServerMain.ts`, in a process of its own). */
export async function coldServer(dataDir: string, thread: boolean) {
  const { app, close } = await open(dataDir, thread);
  const url = await app.listen(0);
  return { app, url, close };
}
