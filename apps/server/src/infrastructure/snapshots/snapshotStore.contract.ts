/** The behaviour every SnapshotStore adapter must show; each adapter's test file runs it. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SnapshotStore } from './snapshotStore';
import { readSnapshot, storedSnapshot } from './snapshotStore';

let counter = 0;

function snapshotAt(revision: number) {
  return storedSnapshot({
    revision,
    lastEventId: `event-${revision}`,
    elements: [{ id: `e${revision}`, type: 'rectangle', version: 1 } as never],
  });
}

export function describeSnapshotStoreContract(
  name: string,
  open: () => SnapshotStore | Promise<SnapshotStore>,
): void {
  describe(`SnapshotStore contract: ${name}`, () => {
    const opened: SnapshotStore[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });
    async function fresh(): Promise<{ store: SnapshotStore; canvasId: string }> {
      const store = await open();
      opened.push(store);
      return { store, canvasId: `canvas-${process.pid}-${++counter}-${Date.now()}` };
    }

    it('returns the snapshot of the highest revision at or before the one asked, or null', async () => {
      const { store, canvasId } = await fresh();
      expect(await store.latest(canvasId, 10)).toBeNull();
      for (const revision of [100, 200, 300]) await store.put(canvasId, snapshotAt(revision));
      expect(await store.latest(canvasId, 99)).toBeNull();
      expect((await store.latest(canvasId, 100))?.revision).toBe(100);
      expect((await store.latest(canvasId, 299))?.revision).toBe(200);
      const latest = await store.latest(canvasId, 10_000);
      expect(latest?.lastEventId).toBe('event-300');
      expect(readSnapshot(latest!)?.elements[0]?.id).toBe('e300');
      expect(await store.revisions(canvasId)).toEqual([100, 200, 300]);
    });

    it('discards a revision and the later ones, and purges a canvas without touching another', async () => {
      const { store, canvasId } = await fresh();
      const other = `${canvasId}-other`;
      for (const revision of [100, 200, 300]) await store.put(canvasId, snapshotAt(revision));
      await store.put(other, snapshotAt(100));
      await store.discardFrom(canvasId, 200);
      expect(await store.revisions(canvasId)).toEqual([100]);
      await store.purge(canvasId);
      expect(await store.revisions(canvasId)).toEqual([]);
      expect(await store.latest(canvasId, 1_000)).toBeNull();
      expect(await store.revisions(other)).toEqual([100]);
    });

    it('replaces the snapshot of a revision put twice', async () => {
      const { store, canvasId } = await fresh();
      await store.put(canvasId, snapshotAt(100));
      await store.put(canvasId, { ...snapshotAt(100), lastEventId: 'rebuilt' });
      expect((await store.latest(canvasId, 100))?.lastEventId).toBe('rebuilt');
      expect(await store.revisions(canvasId)).toEqual([100]);
    });
  });
}
