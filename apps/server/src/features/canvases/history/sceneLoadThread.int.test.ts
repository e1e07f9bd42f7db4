/**
 * A scene loaded on its own thread (`SceneLoadThread`) from a real SQLite data directory is the
 * scene the event loop's own load makes: from the newest snapshot and the log after it, or the
 * whole log. On Linux the thread runs at nice 10, below the event loop. A thread that is
 * stopped fails its loads with a clear error, and the next load starts a new one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasEvent, Event, SceneElement } from '@tabula/domain';
import { openSqliteEventStore } from '../../../infrastructure/eventStore/sqliteEventStore';
import { openSqliteSnapshotStore } from '../../../infrastructure/snapshots/sqliteSnapshotStore';
import { TurnSlices } from '../../../infrastructure/turnSlices';
import { CompactScene } from './compactScene';
import { loadSceneInSlices } from './sceneLoader';
import { SceneLoadThread } from './sceneLoadThread';
import { SceneTimeline } from './sceneTimeline';

const metadata = () => ({
  eventId: randomUUID(),
  actorId: 'ada',
  occurredAt: '2026-01-01T00:00:00.000Z',
});

function element(n: number, version: number, isDeleted = false): SceneElement {
  return {
    id: `e${n}`,
    type: 'freedraw',
    version,
    versionNonce: version * 7 + n,
    isDeleted,
    index: n % 5 === 0 ? null : `a${(1000 - n).toString(36)}`,
    points: [[n, version]],
    text: n % 3 === 0 ? 'ünïcode ✓' : '',
  } as never;
}

const drawn = (elements: SceneElement[]): CanvasEvent => ({
  type: 'LineDrawn',
  data: { canvasId: 'c', elements },
  metadata: metadata(),
});

describe('SceneLoadThread', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-scene-thread-'));
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const snapshots = openSqliteSnapshotStore({ dataDir });
  const thread = new SceneLoadThread(dataDir);
  const whole = new TurnSlices(Number.POSITIVE_INFINITY);
  const HEAD = 60;

  beforeAll(async () => {
    const created: CanvasEvent = {
      type: 'CanvasCreated',
      data: { canvasId: 'c', ownerId: 'ada', name: 'C' },
      metadata: metadata(),
    };
    const events = Array.from({ length: HEAD }, (_, k) =>
      drawn(Array.from({ length: 50 }, (_, i) => element((k * 13 + i) % 400, k + 1, i % 11 === 0))),
    );
    await eventStore.append('canvas-c', [created, ...events] as Event[], {
      expectedRevision: 'no_stream',
    });
    // A history read stores the grid snapshots it passes (at 20 and 40).
    const timeline = new SceneTimeline({ eventStore, snapshots, interval: 20 });
    await timeline.sceneAt('c', HEAD);
    expect(await snapshots.revisions('c')).not.toEqual([]);
  });

  afterAll(async () => {
    await thread.close();
    await snapshots.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const onThread = (revision: number, fromSnapshots = true) =>
    CompactScene.fromParts(thread.load('c', revision, fromSnapshots), new TurnSlices());
  const here = (revision: number, fromSnapshots = true) =>
    loadSceneInSlices(
      { eventStore, snapshots: fromSnapshots ? snapshots : null },
      'c',
      revision,
      whole,
    );

  it('makes the scene the event loop makes, in scene order, at any revision', async () => {
    for (const revision of [0, 1, 19, 20, 21, 45, HEAD]) {
      const [loaded, expected] = [await onThread(revision), await here(revision)];
      expect(loaded.record()).toEqual(expected.record());
      expect(await loaded.orderedTexts(whole)).toEqual(await expected.orderedTexts(whole));
      expect([loaded.size, loaded.live, loaded.bytes]).toEqual([
        expected.size,
        expected.live,
        expected.bytes,
      ]);
    }
    const withoutSnapshots = await onThread(HEAD, false);
    expect(withoutSnapshots.record()).toEqual((await here(HEAD, false)).record());
  });

  it('gives a scene that folds later drawings as any scene does', async () => {
    const [loaded, expected] = [await onThread(HEAD), await here(HEAD)];
    const next = drawn([element(1, 999), element(7, 1, true), element(500, 1)]);
    expect(loaded.apply(next)).toEqual(expected.apply(next));
    expect(await loaded.orderedTexts(whole)).toEqual(await expected.orderedTexts(whole));
  });

  it('an empty scene for a canvas without events', async () => {
    const parts = thread.load('nothing-here', 10);
    const scene = await CompactScene.fromParts(parts, new TurnSlices());
    expect(scene.size).toBe(0);
  });

  it.runIf(process.platform === 'linux')('runs at nice 10, below the event loop', async () => {
    await onThread(HEAD);
    // /proc/<pid>/task/<tid>/stat: the nice value is the 17th field after the command's `)`.
    const niceOf = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const nices = readdirSync('/proc/self/task').map(niceOf);
    // The load thread's, and no other thread's of this process.
    expect(nices.filter((nice) => nice === 10)).toHaveLength(1);
    expect(niceOf(String(process.pid))).toBeLessThan(10);
  });

  it('fails the loads of a stopped thread, and starts a new one for the next load', async () => {
    const cut = onThread(HEAD);
    await thread.close();
    await expect(cut).rejects.toThrow(/scene load thread stopped|Scene load of c/);
    expect((await onThread(HEAD)).record()).toEqual((await here(HEAD)).record());
  });
});
