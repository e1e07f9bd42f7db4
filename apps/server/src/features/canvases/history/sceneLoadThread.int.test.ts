/**
 * A scene loaded on its own thread (`SceneLoadThread`) from a real SQLite data directory is the
 * scene the event loop's own load makes: from the newest snapshot and the log after it, or the
 * whole log. On Linux the thread runs at nice 10 under SCHED_IDLE, below the event loop; when
 * busy processes of its session starve it, it is raised until its work is done. A thread that
 * is stopped fails its loads with a clear error, and the next load starts a new one.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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
  let raises = 0;
  const thread = new SceneLoadThread(dataDir, { raised: () => raises++ });
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

  // /proc/<pid>/task/<tid>/stat, fields after the command's `)`: nice is the 17th, policy the 39th.
  const statOf = (task: string) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { nice: Number(fields[16]), policy: Number(fields[38]) };
  };
  const SCHED_OTHER = 0;
  const SCHED_IDLE = 5;
  /** The threads of this process at nice 10: the load thread's alone. */
  const loadThreads = () =>
    readdirSync('/proc/self/task').filter((task) => statOf(task).nice === 10);

  it.runIf(process.platform === 'linux')('runs at nice 10 under SCHED_IDLE', async () => {
    await onThread(HEAD);
    // The load thread's, and no other thread's of this process.
    expect(loadThreads()).toHaveLength(1);
    // Under SCHED_IDLE once its work is done (at once, unless a busy machine starved the load
    // and it was raised: then `chrt` puts it back beside the loop).
    await expect
      .poll(() => statOf(loadThreads()[0]!).policy, { timeout: 60_000, interval: 50 })
      .toBe(SCHED_IDLE);
    const main = statOf(String(process.pid));
    expect(main.nice).toBeLessThan(10);
    expect(main.policy).toBe(SCHED_OTHER);
  });

  it.runIf(process.platform === 'linux')(
    'is raised out of SCHED_IDLE while busy processes of its session starve it, then put back',
    async () => {
      // Two spinning processes per core, in this process's session: under SCHED_IDLE alone the
      // load would get a few thousandths of a core until they stop.
      await onThread(0); // the thread started and settled under SCHED_IDLE
      const spinners: ChildProcess[] = [];
      try {
        for (let n = 0; n < 2 * availableParallelism(); n++) {
          const spinner = spawn(
            process.execPath,
            ['-e', 'process.stdout.write("spinning\\n"); for (;;);'],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          );
          spinners.push(spinner);
          await once(spinner.stdout!, 'data');
        }
        const raisedBefore = raises;
        const loaded = await onThread(HEAD, false);
        expect(loaded.record()).toEqual((await here(HEAD, false)).record());
        // Raised after a few polls of starving, not left to what the spinners leave over.
        expect(raises).toBeGreaterThan(raisedBefore);
      } finally {
        for (const spinner of spinners) spinner.kill('SIGKILL');
      }
      // Its work done, the thread goes back under SCHED_IDLE (chrt runs beside the loop).
      await expect
        .poll(() => statOf(loadThreads()[0]!).policy, { timeout: 60_000, interval: 50 })
        .toBe(SCHED_IDLE);
    },
    120_000,
  );

  it('fails the loads of a stopped thread, and starts a new one for the next load', async () => {
    const cut = onThread(HEAD);
    await thread.close();
    await expect(cut).rejects.toThrow(/scene load thread stopped|Scene load of c/);
    expect((await onThread(HEAD)).record()).toEqual((await here(HEAD)).record());
  });
});
