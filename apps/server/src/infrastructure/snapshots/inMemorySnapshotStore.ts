/** Snapshots in a map: for tests and for deployments whose read models are in memory too. */
import type { SnapshotStore, StoredSnapshot } from './snapshotStore';
import { wholeInParts } from './snapshotStore';

export function createInMemorySnapshotStore(): SnapshotStore {
  const byCanvas = new Map<string, Map<number, StoredSnapshot>>();
  const of = (canvasId: string) => byCanvas.get(canvasId) ?? new Map<number, StoredSnapshot>();
  const store: SnapshotStore = {
    async latestInParts(canvasId, atOrBefore) {
      return wholeInParts(await store.latest(canvasId, atOrBefore));
    },
    async latest(canvasId, atOrBefore) {
      let best: StoredSnapshot | null = null;
      for (const snapshot of of(canvasId).values()) {
        if (snapshot.revision <= atOrBefore && (!best || snapshot.revision > best.revision))
          best = snapshot;
      }
      return best ? { ...best } : null;
    },
    async put(canvasId, snapshot) {
      const snapshots = of(canvasId);
      snapshots.set(snapshot.revision, { ...snapshot });
      byCanvas.set(canvasId, snapshots);
    },
    async discardFrom(canvasId, revision) {
      for (const stored of [...of(canvasId).keys()])
        if (stored >= revision) byCanvas.get(canvasId)?.delete(stored);
    },
    async purge(canvasId) {
      byCanvas.delete(canvasId);
    },
    async revisions(canvasId) {
      return [...of(canvasId).keys()].sort((a, b) => a - b);
    },
    async close() {
      byCanvas.clear();
    },
  };
  return store;
}
