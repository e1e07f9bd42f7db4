/**
 * The scene of a canvas at any revision: the nearest snapshot at or before it, checked
 * against the log, plus the events after it folded with the domain's scene rule. Snapshots
 * are written every `interval` revisions as the fold passes them (by the snapshot writer as
 * the log grows, and by any read that folds past a missing one). A snapshot whose body does
 * not match its digest, or whose `lastEventId` is not the log's event at its revision, is
 * discarded with every later one and rebuilt from the log: the log always wins.
 */
import { applySceneEvent } from '@tabula/domain';
import type { Event, SceneElement } from '@tabula/domain';
import type { EventStore, RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import type { SnapshotStore } from '../../../infrastructure/snapshots/snapshotStore';
import { readSnapshot, storedSnapshot } from '../../../infrastructure/snapshots/snapshotStore';
import { readCanvasLog, walkCanvasLog } from './canvasLog';

/** A scene as a mutable record by element id, tombstones included. */
export type SceneRecord = Record<string, SceneElement>;

/** Snapshot every this many revisions (see `npm run bench -- history` for the measurement). */
export const DEFAULT_SNAPSHOT_INTERVAL = 500;

export interface SceneTimelineOptions {
  eventStore: EventStore<Event>;
  snapshots: SnapshotStore;
  /** Revisions between snapshots; 0 turns snapshots off (for the benchmark's baseline). */
  interval?: number;
}

export class SceneTimeline {
  readonly interval: number;

  constructor(private readonly options: SceneTimelineOptions) {
    this.interval = options.interval ?? DEFAULT_SNAPSHOT_INTERVAL;
  }

  /** The scene after `revision` (a fresh record the caller may change). -1: the empty scene. */
  async sceneAt(canvasId: string, revision: number): Promise<SceneRecord> {
    if (revision < 0) return {};
    const start = await this.trustedSnapshot(canvasId, revision);
    const scene: SceneRecord = {};
    for (const element of start?.elements ?? []) scene[element.id] = element;
    const from = start ? start.revision + 1 : 0;
    await walkCanvasLog(this.options.eventStore, canvasId, from, revision, async (logged) => {
      const { event } = logged;
      if (event.type === 'LineDrawn' || event.type === 'CanvasRestored') {
        applySceneEvent(scene, event);
      }
      if (this.interval > 0 && logged.revision > 0 && logged.revision % this.interval === 0) {
        await this.options.snapshots.put(
          canvasId,
          storedSnapshot({
            revision: logged.revision,
            lastEventId: event.metadata.eventId,
            elements: Object.values(scene),
          }),
        );
      }
    });
    return scene;
  }

  /** The snapshot writer: after each committed canvas event, its snapshot when one is due. */
  async snapshotAfter(record: RecordedEvent): Promise<void> {
    if (!record.streamName.startsWith('canvas-')) return;
    const { canvasId } = (record.event as { data: { canvasId: string } }).data;
    await this.snapshotIfDue(canvasId, record.revision);
  }

  /** Makes sure the snapshot of `revision` exists when it is one the interval asks for. */
  async snapshotIfDue(canvasId: string, revision: number): Promise<void> {
    if (this.interval === 0 || revision === 0 || revision % this.interval !== 0) return;
    const stored = await this.options.snapshots.latest(canvasId, revision);
    if (stored?.revision === revision) return;
    await this.sceneAt(canvasId, revision);
  }

  /**
   * Compares every snapshot of the canvas with the log's fold; discards and rebuilds those that
   * differ. Resolves with the revisions that differed (for `npm run canvas -- verify`).
   */
  async verify(canvasId: string): Promise<number[]> {
    const differing: number[] = [];
    for (const revision of await this.options.snapshots.revisions(canvasId)) {
      const stored = await this.options.snapshots.latest(canvasId, revision);
      const snapshot = stored && readSnapshot(stored);
      await this.options.snapshots.discardFrom(canvasId, revision);
      const folded = await this.sceneAt(canvasId, revision);
      if (!snapshot || !sameScene(snapshot.elements, folded)) differing.push(revision);
      if (this.interval === 0 || revision % this.interval !== 0) {
        // An off-interval snapshot (written with another interval): keep it, rebuilt.
        const [atLog] = await readCanvasLog(this.options.eventStore, canvasId, {
          from: revision,
          maxCount: 1,
        });
        if (atLog?.revision === revision) {
          await this.options.snapshots.put(
            canvasId,
            storedSnapshot({
              revision,
              lastEventId: atLog.event.metadata.eventId,
              elements: Object.values(folded),
            }),
          );
        }
      }
    }
    return differing;
  }

  /** Forgets every snapshot of the canvas (its deletion). */
  purge(canvasId: string): Promise<void> {
    return this.options.snapshots.purge(canvasId);
  }

  /** The newest snapshot at or before `revision` that agrees with the log, or null. */
  private async trustedSnapshot(canvasId: string, revision: number) {
    const { snapshots, eventStore } = this.options;
    for (let stored = await snapshots.latest(canvasId, revision); stored !== null;) {
      const snapshot = readSnapshot(stored);
      const [atLog] = await readCanvasLog(eventStore, canvasId, {
        from: stored.revision,
        maxCount: 1,
      });
      if (
        snapshot &&
        atLog?.revision === stored.revision &&
        atLog.event.metadata.eventId === stored.lastEventId
      ) {
        return snapshot;
      }
      await snapshots.discardFrom(canvasId, stored.revision);
      stored = stored.revision > 0 ? await snapshots.latest(canvasId, stored.revision - 1) : null;
    }
    return null;
  }
}

/** True when `elements` hold exactly the scene `record` holds. */
function sameScene(elements: readonly SceneElement[], record: SceneRecord): boolean {
  if (elements.length !== Object.keys(record).length) return false;
  return elements.every((element) => {
    const folded = record[element.id];
    return folded !== undefined && JSON.stringify(folded) === JSON.stringify(element);
  });
}
