/**
 * The scene timeline on the in-memory log and snapshot store (both real adapters): the scene
 * at any revision equals the plain fold, and the writer stores a snapshot on the grid only
 * once enough has changed since its last one.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foldScene } from '@tabula/domain';
import type { CanvasEvent, Event } from '@tabula/domain';
import { createInMemoryEventStore } from '../../../infrastructure/eventStore/inMemoryEventStore';
import { createInMemorySnapshotStore } from '../../../infrastructure/snapshots/inMemorySnapshotStore';
import { CompactScene } from './compactScene';
import { SceneTimeline } from './sceneTimeline';

function drawn(id: string, version: number): CanvasEvent {
  return {
    type: 'LineDrawn',
    data: {
      canvasId: 'c',
      elements: [
        {
          id,
          type: 'rectangle',
          version,
          versionNonce: version,
          isDeleted: false,
          index: 'a0',
        } as never,
      ],
    },
    metadata: { eventId: randomUUID(), actorId: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' },
  };
}

async function canvasLog(events: CanvasEvent[]) {
  const eventStore = createInMemoryEventStore<Event>();
  const created: CanvasEvent = {
    type: 'CanvasCreated',
    data: { canvasId: 'c', ownerId: 'ada', name: 'C' },
    metadata: { eventId: randomUUID(), actorId: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' },
  };
  await eventStore.append('canvas-c', [created, ...events] as Event[], {
    expectedRevision: 'no_stream',
  });
  return eventStore;
}

describe('SceneTimeline', () => {
  it('gives the plain fold at every revision, from snapshots or not', async () => {
    const events = Array.from({ length: 30 }, (_, i) => drawn(`e${i % 7}`, i + 1));
    const eventStore = await canvasLog(events);
    const snapshots = createInMemorySnapshotStore();
    const timeline = new SceneTimeline({ eventStore, snapshots, interval: 5 });
    for (let revision = 30; revision >= 0; revision -= 1) {
      expect(await timeline.sceneAt('c', revision)).toEqual(
        foldScene({}, events.slice(0, revision)),
      );
    }
    // A grid point is stored once the upserts folded since the last one reach the scene's
    // size: 5 of 5 elements at 5, then 10 of 7 at 15 and at 25.
    expect(await snapshots.revisions('c')).toEqual([5, 15, 25]);
  });

  it('writes a snapshot on the grid once the upserts since the last reach writeFactor × the scene', async () => {
    // Two elements, each event changing one: with writeFactor 3 a snapshot needs 6 upserts.
    const events = Array.from({ length: 24 }, (_, i) => drawn(`e${i % 2}`, i + 1));
    const eventStore = await canvasLog(events);
    const snapshots = createInMemorySnapshotStore();
    const timeline = new SceneTimeline({ eventStore, snapshots, interval: 4, writeFactor: 3 });
    for (const record of await eventStore.readStream('canvas-c')) timeline.snapshotAfter(record);
    await timeline.settled();
    // Revision 4 starts the writer (the fold stores it); 8 has 4 upserts since, 12 has 8.
    expect(await snapshots.revisions('c')).toEqual([4, 12, 20]);
    const stored = await snapshots.latest('c', 20);
    expect(JSON.parse(stored!.body)).toEqual(Object.values(foldScene({}, events.slice(0, 20))));
  });

  /** The writer over a log of 24 events, reading the server's scene at the revisions `held`. */
  async function writeWithServerScenes(held: (revision: number) => boolean, shed = false) {
    const events = Array.from({ length: 24 }, (_, i) => drawn(`e${i % 2}`, i + 1));
    const eventStore = await canvasLog(events);
    const records = await eventStore.readStream('canvas-c');
    const snapshots = createInMemorySnapshotStore();
    let logReads = 0;
    const counted = {
      ...eventStore,
      readStream: (...args: Parameters<typeof eventStore.readStream>) => {
        logReads += 1;
        return eventStore.readStream(...args);
      },
    };
    const timeline = new SceneTimeline({
      eventStore: counted,
      snapshots,
      interval: 4,
      writeFactor: 3,
      // What CurrentScenes holds of an open canvas: its scene at the revision just folded.
      // With `shed`, one that has set its content aside.
      currentScene: (canvasId, revision) => {
        if (canvasId !== 'c' || !held(revision)) return null;
        const scene = CompactScene.of(Object.values(foldScene({}, events.slice(0, revision))));
        if (shed) scene.shed();
        return scene;
      },
    });
    for (const record of records) timeline.snapshotAfter(record);
    await timeline.settled();
    const revisions = await snapshots.revisions('c');
    for (const revision of revisions) {
      const stored = await snapshots.latest('c', revision);
      expect(JSON.parse(stored!.body)).toEqual(
        Object.values(foldScene({}, events.slice(0, revision))),
      );
    }
    return { logReads, revisions };
  }

  it("writes an open canvas's snapshots from the scene the server holds, without reading its log", async () => {
    // The same snapshots as when the writer folds the log to start and keeps its own scene.
    expect(await writeWithServerScenes(() => true)).toEqual({
      logReads: 0,
      revisions: [4, 12, 20],
    });
  });

  it('starts on a fold when the server does not hold the scene, and reads its scene once it does', async () => {
    const { logReads, revisions } = await writeWithServerScenes((revision) => revision >= 8);
    expect(logReads).toBeGreaterThan(0);
    expect(revisions).toEqual([4, 12, 20]);
  });

  it('folds the log for a due snapshot once the server no longer holds the scene', async () => {
    const { logReads, revisions } = await writeWithServerScenes((revision) => revision < 12);
    expect(logReads).toBeGreaterThan(0);
    // The due ones, and the grid points the folds passed (a read stores those: see sceneAt).
    expect(revisions).toEqual([4, 8, 12, 16, 20]);
  });

  it('keeps no scene for an open canvas whose content the server set aside: due snapshots come from folds', async () => {
    const { logReads, revisions } = await writeWithServerScenes(() => true, true);
    expect(logReads).toBeGreaterThan(0);
    // 4 starts the writer (no snapshot: no content to write); 12 and 20 are due, folded.
    expect(revisions).toEqual(expect.arrayContaining([12, 20]));
  });
});
