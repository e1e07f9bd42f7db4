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
import type {
  SceneSnapshot,
  StoredSnapshot,
} from '../../../infrastructure/snapshots/snapshotStore';
import {
  digestOf,
  readSnapshot,
  storedSnapshot,
} from '../../../infrastructure/snapshots/snapshotStore';
import { walkCanvasLog } from './canvasLog';
import { CompactScene } from './compactScene';
import { GridScenes } from './gridScenes';
import { agreesWithLog, loadSceneInSlices } from './sceneLoader';
import type { SceneLoadThread } from './sceneLoadThread';
import { TurnSlices } from '../../../infrastructure/turnSlices';

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
  /** Bytes of grid scenes kept in memory (see `GridScenes`); 0: none. */
  gridSceneCapacity?: number;
  /** Where a failed snapshot write is reported (it is a cache: nothing else is affected). */
  onError?: (error: unknown) => void;
  /**
   * The scene the server already holds for the canvas at `revision`, if any (not to be
   * changed): the writer reads an open canvas's scene there instead of keeping its own. It
   * may have set its content aside (`holdsContent`): the writer then keeps no scene either, and
   * a due snapshot comes from a fold of the log.
   */
  currentScene?: (canvasId: string, revision: number) => CompactScene | null;
  /** Where `loadInSlices` loads (default: here, in slices of the event loop's turns). */
  loadThread?: SceneLoadThread;
}

/** Canvases whose latest scene the snapshot writer keeps in memory at most. */
const WRITER_HEADS = 16;

/** See `snapshotAfter`: element upserts per element of the scene between written snapshots. */
export const WRITE_FACTOR = 40;

/**
 * See `sceneAt`: a read stores a grid snapshot once the upserts it folded since the last one
 * reach the scene's size, so snapshots never take more room than the events between them,
 * and a read folds at most about one scene's worth of upserts past a snapshot.
 */
export const READ_FILL_FACTOR = 1;

/**
 * What the snapshot writer follows of one canvas. It keeps a scene of its own (as text: see
 * `CompactScene`) only for a canvas whose scene the server does not hold; an open canvas's
 * scene is read from `currentScene` at the grid points, so its content is held once.
 */
interface WriterHead {
  revision: number;
  /** The writer's own scene; none while it reads the server's. */
  scene?: CompactScene;
  /** Elements of the scene at the last grid point it was read. */
  size: number;
  /** Element upserts since the last snapshot written. */
  touched: number;
}

export class SceneTimeline {
  readonly interval: number;
  private readonly heads = new Map<string, WriterHead>();
  /** Canvases the writer starts following: the events that arrive while their scene loads. */
  private readonly starting = new Map<string, RecordedEvent[]>();
  private writing: Promise<void> = Promise.resolve();
  /** Scenes of grid revisions that folds have passed (see `GridScenes`). */
  private readonly gridScenes: GridScenes;

  constructor(private readonly options: SceneTimelineOptions) {
    this.interval = options.interval ?? DEFAULT_SNAPSHOT_INTERVAL;
    this.gridScenes = new GridScenes(options.gridSceneCapacity);
  }

  /**
   * The scene after `revision` (a fresh record the caller may change). -1: the empty scene.
   * Folding past a grid point (every `interval`) keeps its scene in memory (`GridScenes`) and
   * stores a snapshot there when the upserts folded since the last one reach
   * `READ_FILL_FACTOR` times the scene's size.
   */
  async sceneAt(canvasId: string, revision: number): Promise<SceneRecord> {
    if (revision < 0) return {};
    const start = await this.startingPoint(canvasId, revision);
    const scene: SceneRecord = { ...start?.scene };
    const from = start ? start.revision + 1 : 0;
    let touched = 0;
    await walkCanvasLog(this.options.eventStore, canvasId, from, revision, async (logged) => {
      const { event } = logged;
      if (event.type === 'LineDrawn' || event.type === 'CanvasRestored') {
        applySceneEvent(scene, event);
        touched += event.data.elements.length;
      }
      if (this.interval === 0 || logged.revision === 0 || logged.revision % this.interval !== 0)
        return;
      this.gridScenes.remember(canvasId, logged.revision, scene);
      if (touched >= READ_FILL_FACTOR * Object.keys(scene).length) {
        await this.put(canvasId, logged.revision, event.metadata.eventId, scene);
        touched = 0;
      }
    });
    return scene;
  }

  /**
   * The scene after `revision` as `sceneAt` folds it, loaded in slices that each hold the
   * event loop for a few milliseconds at most (`sceneLoader.ts`): for the current scenes, whose
   * loads answer joins while other rooms draw. It reads stored snapshots only (not the grid
   * scenes in memory) and stores none. With a `loadThread`, the thread reads and folds, and
   * the event loop only holds what it hands over, in slices too (`CompactScene.fromParts`).
   */
  loadInSlices(canvasId: string, revision: number): Promise<CompactScene> {
    const { eventStore, snapshots, loadThread } = this.options;
    // Snapshots off (the benchmark's baseline): the whole log.
    const fromSnapshots = this.interval !== 0;
    if (loadThread) {
      const parts = loadThread.load(canvasId, revision, fromSnapshots);
      return CompactScene.fromParts(parts, new TurnSlices());
    }
    return loadSceneInSlices(
      { eventStore, snapshots: fromSnapshots ? snapshots : null },
      canvasId,
      revision,
    );
  }

  /**
   * Where a fold to `revision` starts: the scene of the nearest grid point in memory when no
   * stored snapshot can be newer, else the newer of it and the trusted stored snapshot.
   */
  private async startingPoint(canvasId: string, revision: number) {
    if (this.interval === 0) return null;
    const cached = this.gridScenes.nearest(canvasId, revision);
    if (cached && cached.revision >= revision - (revision % this.interval)) return cached;
    const stored = await this.trustedSnapshot(canvasId, revision);
    if (!stored || (cached && cached.revision >= stored.revision)) return cached;
    const scene: SceneRecord = {};
    for (const element of stored.elements) scene[element.id] = element;
    this.gridScenes.remember(canvasId, stored.revision, scene);
    return { revision: stored.revision, scene };
  }

  /**
   * The snapshot writer: call after each committed event, in log order; the work is done in
   * the background (`settled()` waits for it). It follows recently active canvases (see
   * `WriterHead` for whose scene it keeps). At a revision of the grid (every `interval`) it
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
      const current = this.options.currentScene?.(canvasId, record.revision);
      if (current) {
        // Start following the canvas here on the scene the server holds (an open canvas):
        // no fold of its log, whose events would all be parsed and held at once. The grid
        // point's snapshot is stored if missing, as the fold would have (serialised now).
        this.remember(canvasId, { revision: record.revision, size: current.size, touched: 0 });
        if (!current.holdsContent) return; // this grid point is left to reads to fill
        const snapshot = snapshotOf(record.revision, event.metadata.eventId, current);
        this.schedule(async () => {
          const stored = await this.options.snapshots.latest(canvasId, record.revision);
          if (stored?.revision !== record.revision)
            await this.options.snapshots.put(canvasId, snapshot);
        });
        return;
      }
      // Start following the canvas here: one fold from the previous snapshot (which writes
      // this grid point if it is missing), then the events that came in meanwhile.
      const pending: RecordedEvent[] = [];
      this.starting.set(canvasId, pending);
      this.schedule(async () => {
        try {
          const scene = CompactScene.of(
            Object.values(await this.sceneAt(canvasId, record.revision)),
          );
          const started = { revision: record.revision, scene, size: scene.size, touched: 0 };
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

  /** Follows one more event of a canvas; writes the snapshot when one is due. */
  private advance(canvasId: string, head: WriterHead, record: RecordedEvent): void {
    const event = record.event as CanvasEvent;
    const { revision } = record;
    if (event.type === 'LineDrawn' || event.type === 'CanvasRestored') {
      head.scene?.apply(event);
      head.touched += event.data.elements.length;
    }
    head.revision = revision;
    if (revision % this.interval !== 0) return;
    // At a grid point the scene the server holds, if it holds one, replaces the writer's own.
    const held = this.options.currentScene?.(canvasId, revision) ?? null;
    if (held) delete head.scene;
    const scene = held ?? head.scene;
    if (scene) head.size = scene.size;
    if (head.touched < (this.options.writeFactor ?? WRITE_FACTOR) * head.size) return;
    head.touched = 0;
    const { eventId } = event.metadata;
    if (scene?.holdsContent) {
      // Serialised now, as the scene is at this revision; stored in the background.
      const snapshot = snapshotOf(revision, eventId, scene);
      this.schedule(() => this.options.snapshots.put(canvasId, snapshot));
      return;
    }
    // The server no longer holds the scene it followed, or not its content: a fold of the log
    // gives it.
    this.schedule(async () => {
      const folded = await this.sceneAt(canvasId, revision);
      const stored = await this.options.snapshots.latest(canvasId, revision);
      if (stored?.revision !== revision)
        await this.options.snapshots.put(
          canvasId,
          snapshotOf(revision, eventId, CompactScene.of(Object.values(folded))),
        );
    });
  }

  private schedule(work: () => Promise<void>): void {
    this.writing = this.writing.then(work).catch((error: unknown) => this.options.onError?.(error));
  }

  private remember(canvasId: string, head: WriterHead): void {
    this.heads.set(canvasId, head);
    if (this.heads.size > WRITER_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  /** Stores the scene (its elements' text is the one the grid scene just made, if kept). */
  private put(canvasId: string, revision: number, lastEventId: string, scene: SceneRecord) {
    const compact = CompactScene.of(Object.values(scene));
    return this.options.snapshots.put(canvasId, snapshotOf(revision, lastEventId, compact));
  }

  /** Makes sure the snapshot of `revision` exists when it is one the interval asks for. */
  async snapshotIfDue(canvasId: string, revision: number): Promise<void> {
    if (this.interval === 0 || revision === 0 || revision % this.interval !== 0) return;
    const stored = await this.options.snapshots.latest(canvasId, revision);
    if (stored?.revision === revision) return;
    await this.sceneAt(canvasId, revision);
  }

  /**
   * Compares every snapshot of the canvas with one fold of the whole log; the first that
   * differs and every later one are discarded and stored again as the fold says. Resolves with
   * the revisions that differed (for `npm run canvas -- verify`).
   */
  async verify(canvasId: string): Promise<number[]> {
    const { snapshots, eventStore } = this.options;
    const revisions = await snapshots.revisions(canvasId);
    if (revisions.length === 0) return [];
    const stored = new Map<number, SceneSnapshot | null>();
    for (const revision of revisions) {
      const snapshot = await snapshots.latest(canvasId, revision);
      stored.set(revision, snapshot && readSnapshot(snapshot));
    }
    const folded = new Map<number, { lastEventId: string; elements: SceneElement[] }>();
    const scene: SceneRecord = {};
    const last = revisions[revisions.length - 1]!;
    await walkCanvasLog(eventStore, canvasId, 0, last, ({ revision, event }) => {
      if (event.type === 'LineDrawn' || event.type === 'CanvasRestored')
        applySceneEvent(scene, event);
      if (stored.has(revision)) {
        folded.set(revision, {
          lastEventId: event.metadata.eventId,
          elements: Object.values(scene),
        });
      }
    });
    const differing = revisions.filter((revision) => {
      const snapshot = stored.get(revision);
      const truth = folded.get(revision);
      return (
        !snapshot ||
        !truth ||
        snapshot.lastEventId !== truth.lastEventId ||
        !sameScene(snapshot.elements, truth.elements)
      );
    });
    if (differing.length === 0) return [];
    this.gridScenes.forget(canvasId);
    await snapshots.discardFrom(canvasId, differing[0]!);
    for (const revision of revisions.filter((candidate) => candidate >= differing[0]!)) {
      const truth = folded.get(revision);
      if (truth) {
        await snapshots.put(canvasId, storedSnapshot({ revision, ...truth }));
      }
    }
    return differing;
  }

  /** Forgets every snapshot of the canvas (its deletion). */
  purge(canvasId: string): Promise<void> {
    this.heads.delete(canvasId);
    this.gridScenes.forget(canvasId);
    return this.options.snapshots.purge(canvasId);
  }

  /** The newest snapshot at or before `revision` that agrees with the log, or null. */
  private async trustedSnapshot(canvasId: string, revision: number) {
    const { snapshots, eventStore } = this.options;
    for (let stored = await snapshots.latest(canvasId, revision); stored !== null;) {
      const snapshot = readSnapshot(stored);
      if (snapshot && (await agreesWithLog(eventStore, canvasId, stored))) return snapshot;
      await snapshots.discardFrom(canvasId, stored.revision);
      stored = stored.revision > 0 ? await snapshots.latest(canvasId, stored.revision - 1) : null;
    }
    return null;
  }
}

/** A snapshot as `storedSnapshot` writes it (each element's JSON in an array), from text. */
function snapshotOf(revision: number, lastEventId: string, scene: CompactScene): StoredSnapshot {
  const body = scene.json();
  return { revision, lastEventId, body, digest: digestOf(body) };
}

/** True when both hold the same elements (by id, compared as JSON). */
function sameScene(a: readonly SceneElement[], b: readonly SceneElement[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((element) => [element.id, element]));
  return a.every((element) => JSON.stringify(element) === JSON.stringify(byId.get(element.id)));
}
