/**
 * The scene of a canvas at any revision: the nearest snapshot at or before it, checked
 * against the log, plus the events after it folded with the domain's scene rule. Snapshots
 * are written every `interval` revisions as the fold passes them (by the snapshot writer as
 * the log grows, and by any read that folds past a missing one). A snapshot whose body does
 * not match its digest, or whose `lastEventId` is not the log's event at its revision, is
 * discarded with every later one and rebuilt from the log: the log always wins.
 */
import { applySceneEvent } from '@tabula/domain';
import type { CanvasEvent, Event, SceneElement } from '@tabula/domain';
import type { EventStore, RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import type { SnapshotStore } from '../../../infrastructure/snapshots/snapshotStore';
import { readSnapshot, storedSnapshot } from '../../../infrastructure/snapshots/snapshotStore';
import { readCanvasLog, walkCanvasLog } from './canvasLog';

/** A scene as a mutable record by element id, tombstones included. */
export type SceneRecord = Record<string, SceneElement>;

/** Snapshot every this many revisions (see `npm run bench -- history` for the measurement). */
export const DEFAULT_SNAPSHOT_INTERVAL = 1000;

export interface SceneTimelineOptions {
  eventStore: EventStore<Event>;
  snapshots: SnapshotStore;
  /** Revisions between snapshots; 0 turns snapshots off (for the benchmark's baseline). */
  interval?: number;
  /** See `WRITE_FACTOR` (its default). */
  writeFactor?: number;
  /** Where a failed snapshot write is reported (it is a cache: nothing else is affected). */
  onError?: (error: unknown) => void;
}

/** Canvases whose latest scene the snapshot writer keeps in memory at most. */
const WRITER_HEADS = 16;

/** See `snapshotAfter`: element upserts per element of the scene between written snapshots. */
export const WRITE_FACTOR = 40;

/** The scene the snapshot writer follows for one canvas. */
interface WriterHead {
  revision: number;
  scene: SceneRecord;
  /** Element upserts folded in since the last snapshot written. */
  touched: number;
}

export class SceneTimeline {
  readonly interval: number;
  private readonly heads = new Map<string, WriterHead>();
  /** Canvases the writer starts following: the events that arrive while their scene loads. */
  private readonly starting = new Map<string, RecordedEvent[]>();
  private writing: Promise<void> = Promise.resolve();

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
        await this.put(canvasId, logged.revision, event.metadata.eventId, scene);
      }
    });
    return scene;
  }

  /**
   * The snapshot writer: call after each committed event, in log order; the work is done in
   * the background (`settled()` waits for it). It keeps the latest scene of recently active
   * canvases and folds each event into it. At a revision of the grid (every `interval`) it
   * writes a snapshot only once the element upserts since its last one add up to
   * `WRITE_FACTOR` times the scene's size: a snapshot then costs the write path at most about
   * 1/WRITE_FACTOR of what the events themselves wrote. Reads fill the grid points between
   * (see `sceneAt`), so a revision read once is fast ever after.
   */
  snapshotAfter(record: RecordedEvent): void {
    if (this.interval === 0 || !record.streamName.startsWith('canvas-')) return;
    const event = record.event as CanvasEvent;
    const { canvasId } = event.data;
    const starting = this.starting.get(canvasId);
    if (starting) {
      starting.push(record);
      return;
    }
    const head = this.heads.get(canvasId);
    this.heads.delete(canvasId);
    if (event.type === 'CanvasDeleted') return;
    if (head?.revision === record.revision - 1) {
      this.advance(canvasId, head, record);
      this.remember(canvasId, head);
    } else if (record.revision > 0 && record.revision % this.interval === 0) {
      // Start following the canvas here: one fold from the previous snapshot (which writes
      // this grid point if it is missing), then the events that came in meanwhile.
      const pending: RecordedEvent[] = [];
      this.starting.set(canvasId, pending);
      this.schedule(async () => {
        try {
          const started = {
            revision: record.revision,
            scene: await this.sceneAt(canvasId, record.revision),
            touched: 0,
          };
          for (const later of pending) this.advance(canvasId, started, later);
          this.remember(canvasId, started);
        } finally {
          this.starting.delete(canvasId);
        }
      });
    }
  }

  /** Resolves once every snapshot asked for so far is written (an erasure waits for it). */
  async settled(): Promise<void> {
    // Work may schedule more work (a start-up fold, then the snapshots it makes due).
    for (let current = this.writing; ; current = this.writing) {
      await current;
      if (current === this.writing) return;
    }
  }

  /** Folds one event into a followed scene; writes the snapshot when one is due. */
  private advance(canvasId: string, head: WriterHead, record: RecordedEvent): void {
    const event = record.event as CanvasEvent;
    if (event.type === 'LineDrawn' || event.type === 'CanvasRestored') {
      applySceneEvent(head.scene, event);
      head.touched += event.data.elements.length;
    }
    head.revision = record.revision;
    const onGrid = record.revision % this.interval === 0;
    if (
      onGrid &&
      head.touched >= (this.options.writeFactor ?? WRITE_FACTOR) * Object.keys(head.scene).length
    ) {
      head.touched = 0;
      // Serialised now, as the scene is at this revision; stored in the background.
      const snapshot = storedSnapshot({
        revision: record.revision,
        lastEventId: event.metadata.eventId,
        elements: Object.values(head.scene),
      });
      this.schedule(() => this.options.snapshots.put(canvasId, snapshot));
    }
  }

  private schedule(work: () => Promise<void>): void {
    this.writing = this.writing.then(work).catch((error: unknown) => this.options.onError?.(error));
  }

  private remember(canvasId: string, head: WriterHead): void {
    this.heads.set(canvasId, head);
    if (this.heads.size > WRITER_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  private put(canvasId: string, revision: number, lastEventId: string, scene: SceneRecord) {
    return this.options.snapshots.put(
      canvasId,
      storedSnapshot({ revision, lastEventId, elements: Object.values(scene) }),
    );
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
          await this.put(canvasId, revision, atLog.event.metadata.eventId, folded);
        }
      }
    }
    return differing;
  }

  /** Forgets every snapshot of the canvas (its deletion). */
  purge(canvasId: string): Promise<void> {
    this.heads.delete(canvasId);
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
