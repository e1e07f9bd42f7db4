/**
 * The current scene of each canvas in use (join-canvas, the canvas detail, thumbnails, the
 * latest revision of the history). A scene is loaded on first use from the canvas's newest
 * snapshot plus the events after it (`SceneTimeline.sceneAt`), then kept current by folding
 * each committed event with the domain's scene rule, in log order: the projection runner calls
 * `apply` after the read models and before anyone hears of the event, so a caller that waited
 * for an event's position reads a scene that holds it.
 *
 * Not a stored read model: start-up folds no drawing (the scenes come from snapshots when
 * first asked for), and each server node keeps the scenes of the canvases its users have
 * open, as element JSON (`CompactScene`: a scene's content is held once, as the text its
 * commits already made, not as object graphs several times that size).
 *
 * Beyond the byte budget, the least recently used scenes set their content aside and keep
 * each element's stamp (`CompactScene.shed`): enough to fold nearly every drawing and give its
 * history entry, at about a tenth of the memory for a drawn stroke. The content is loaded
 * again when someone asks for it (a join, the detail); an event a shed scene cannot decide (a
 * restore) has the content loaded again at once. A scene keeps its content however large
 * while it is being loaded for someone; a scene larger than the budget is set aside again at
 * its next event. Stamps are dropped too (least recently used first) when they alone
 * exceed the budget, but never those of a canvas someone on this node has open (`keepOpen`):
 * without them each of its live history entries would be folded from the log.
 */
import { isClearing, mayClear, orderElements } from '@tabula/domain';
import type { CanvasEvent, Event, SceneElement } from '@tabula/domain';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import { CompactScene } from '../history/compactScene';
import type { FoldedEvent } from '../history/compactScene';
import type { SceneTimeline } from '../history/sceneTimeline';
import { TurnSlices } from '../../../infrastructure/turnSlices';
import { parseShared } from '../../../infrastructure/sharedJson';
import { canvasDoc } from './canvases.projection';

/** Bytes of scene text (see `CompactScene.bytes`) kept over every loaded scene at most. */
export const CURRENT_SCENES_BYTES = 256 * 1024 * 1024;

export interface CurrentScenesDeps {
  timeline: Pick<SceneTimeline, 'loadInSlices' | 'sceneAt'>;
  /** Where the canvas's current revision is read (the canvases read model). */
  readModels: ReadModelStore;
  /** Default `CURRENT_SCENES_BYTES` (`SCENE_MEMORY_MB`). */
  capacityBytes?: number;
}

/** A canvas's scene after `revision` (its last event, drawing or not). */
export interface CurrentScene {
  revision: number;
  /** Every element, tombstones included, in scene order. */
  elements: SceneElement[];
}

interface Loaded {
  revision: number;
  scene: CompactScene;
  /** `scene.bytes` as last counted in `held`. */
  size: number;
  /** The elements last parsed, while something still uses them (joins at once share them). */
  parsed?: { revision: number; elements: WeakRef<SceneElement[]> };
  /** The texts in scene order at `revision`, being sorted or sorted (joins at once share it). */
  ordering?: { revision: number; texts: Promise<string[]> };
}

/** A canvas's scene after `revision` as its elements' JSON texts, in scene order. */
export interface CurrentSceneTexts {
  revision: number;
  /** Every element's JSON, tombstones included, in scene order (parse them to change them). */
  texts: string[];
}

/** Characters of element text parsed in one step at most, when a whole scene is asked for. */
const PARSE_CHARS = 48 * 1024;

export class CurrentScenes {
  /** Least recently used first. */
  private readonly loaded = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<Loaded | null>>();
  /** Events of canvases being loaded, kept for when the load is done. */
  private readonly pending = new Map<string, RecordedEvent<Event>[]>();
  private held = 0;
  /** Of `held`, what the shed scenes' stamps take. */
  private stamped = 0;
  /** Each event folded into a loaded scene, with what the scene held before it. */
  private readonly folds = new WeakMap<RecordedEvent<Event>, FoldedEvent>();

  /** Loads started (a scene read from the store): the tests count them. */
  private started = 0;

  /**
   * False: a scene is loaded, ordered and parsed in one turn of the event loop, as before the
   * loads were cut into slices (the cold-join benchmark's baseline; never in production).
   */
  sliced = true;

  /** True when someone on this node has the canvas open (see `keepOpen`). */
  private open: (canvasId: string) => boolean = () => false;

  constructor(private readonly deps: CurrentScenesDeps) {}

  /** Tells which canvases someone on this node has open: their stamps are always kept. */
  keepOpen(open: (canvasId: string) => boolean): void {
    this.open = open;
  }

  /** What the held scenes take, as counted against the capacity (`CompactScene.bytes`). */
  get bytes(): number {
    return this.held;
  }

  /** How many scenes were loaded from the store so far (concurrent asks share one load). */
  get loads(): number {
    return this.started;
  }

  /**
   * The canvas's scene now; the empty scene at revision -1 for a canvas that does not exist.
   * Loaded, ordered and parsed in slices (no turn of the event loop holds it all).
   */
  async of(canvasId: string): Promise<CurrentScene> {
    const { revision, texts } = await this.textsOf(canvasId);
    const current = this.loaded.get(canvasId);
    const reused =
      current?.parsed?.revision === revision ? current.parsed.elements.deref() : undefined;
    if (reused) return { revision, elements: [...reused] };
    const elements: SceneElement[] = [];
    const slices = this.slices();
    for (let start = 0; start < texts.length;) {
      let end = start;
      for (let chars = 0; end < texts.length && chars < PARSE_CHARS; end += 1)
        chars += texts[end]!.length;
      for (const element of parseShared(texts.slice(start, end)))
        elements.push(element as SceneElement);
      start = end;
      await slices.due();
    }
    if (current?.revision === revision)
      current.parsed = { revision, elements: new WeakRef(elements) };
    return { revision, elements };
  }

  /**
   * The canvas's scene now as its elements' texts in scene order (a join sends them in chunks
   * without holding them all parsed); loaded and ordered in slices, shared by those who ask at
   * the same revision. Revision -1 and no texts for a canvas that does not exist.
   */
  async textsOf(canvasId: string): Promise<CurrentSceneTexts> {
    // A scene set aside again before this caller could read it (drawing went on beyond the
    // budget) is loaded again.
    for (;;) {
      let current = await this.loadedNow(canvasId);
      if (current && !current.scene.holdsContent) current = await this.load(canvasId);
      if (!current) return { revision: -1, texts: [] };
      if (!current.scene.holdsContent) continue;
      const { revision } = current;
      if (current.ordering?.revision !== revision) {
        // The scene's texts are taken now, in this turn; sorted in slices after it.
        current.ordering = { revision, texts: current.scene.orderedTexts(this.slices()) };
      }
      return { revision, texts: await current.ordering.texts };
    }
  }

  /**
   * True when `upserts` would clear the canvas's scene as it is now (the domain's
   * `isClearing`). Only a change of deletions alone is looked at against the scene.
   */
  async clears(canvasId: string, upserts: SceneElement[]): Promise<boolean> {
    if (!mayClear(upserts, 0)) return false;
    const current = await this.loadedNow(canvasId);
    if (!current || !mayClear(upserts, current.scene.live)) return false;
    return isClearing(current.scene.liveChange(upserts));
  }

  /** The canvas's scene at `revision`, every element by id (read from snapshots and the log). */
  sceneAt(canvasId: string, revision: number): Promise<Record<string, SceneElement>> {
    return this.deps.timeline.sceneAt(canvasId, revision);
  }

  /** Loads the canvas's scene if it is not held (for `foldedOf`), content or stamps. */
  async hold(canvasId: string): Promise<void> {
    await this.loadedNow(canvasId);
  }

  /** The loaded scene, loaded now if need be, as the most recently used. */
  private async loadedNow(canvasId: string): Promise<Loaded | null> {
    const current = this.loaded.get(canvasId);
    if (!current) return this.load(canvasId);
    this.loaded.delete(canvasId);
    this.loaded.set(canvasId, current);
    return current;
  }

  /** The loaded scene when it is at `revision` (nothing is loaded for the asking), else null. */
  loadedAt(canvasId: string, revision: number): CurrentScene | null {
    const current = this.loaded.get(canvasId);
    if (current?.revision !== revision || !current.scene.holdsContent) return null;
    return { revision, elements: elementsOf(current) };
  }

  /**
   * The loaded scene itself when it is at `revision` (nothing is loaded for the asking), which
   * may have set its content aside (`holdsContent`); the caller reads it at once and never
   * changes it.
   */
  compactAt(canvasId: string, revision: number): CompactScene | null {
    const current = this.loaded.get(canvasId);
    return current?.revision === revision ? current.scene : null;
  }

  /**
   * How `record` was folded into its canvas's scene, with what the scene held before it (its
   * history entry needs no more); null when the scene was not loaded at that moment.
   */
  foldedOf(record: RecordedEvent<Event>): FoldedEvent | null {
    return this.folds.get(record) ?? null;
  }

  /** Folds a committed event into the scene of its canvas, if that scene is loaded or loading. */
  apply(record: RecordedEvent<Event>): void {
    if (!record.streamName.startsWith('canvas-')) return;
    const canvasId = (record.event as CanvasEvent).data.canvasId;
    const pending = this.pending.get(canvasId);
    if (pending) pending.push(record);
    const current = this.loaded.get(canvasId);
    if (!current) return;
    if (record.event.type === 'CanvasDeleted') return this.drop(canvasId, current);
    this.count(current, -1);
    const decided = this.advance(current, record);
    this.count(current, 1);
    if (!decided) {
      // A shed scene that needs its content for this event: load it again (the canvas is in
      // use); meanwhile the event's history entry is folded from the log.
      this.drop(canvasId, current);
      this.load(canvasId).catch(() => undefined); // a failed load is tried again on next use
    }
    this.evictBeyondCapacity();
  }

  private load(canvasId: string): Promise<Loaded | null> {
    let loading = this.loading.get(canvasId);
    if (loading) return loading;
    // Listen before reading the revision: an event applied after the read is kept here, one
    // applied before it is in the revision (the read model is written before `apply`).
    const pending: RecordedEvent<Event>[] = [];
    this.pending.set(canvasId, pending);
    this.started += 1;
    loading = (async () => {
      try {
        const doc = await canvasDoc(this.deps.readModels, canvasId);
        if (!doc) return null;
        const scene = this.sliced
          ? await this.deps.timeline.loadInSlices(canvasId, doc.revision)
          : CompactScene.of(
              Object.values(await this.deps.timeline.sceneAt(canvasId, doc.revision)),
            );
        const loaded: Loaded = { revision: doc.revision, scene, size: 0 };
        // The events committed meanwhile, in slices too; the last is folded in the turn that
        // makes the scene current, so none is missed.
        const slices = this.slices();
        for (let at = 0; at < pending.length; at += 1) {
          const record = pending[at]!;
          if (record.event.type === 'CanvasDeleted') return null;
          this.advance(loaded, record); // a scene with its content decides every event
          if (at < pending.length - 1) await slices.due();
        }
        loaded.size = scene.bytes;
        const shed = this.loaded.get(canvasId);
        if (shed) this.drop(canvasId, shed);
        this.loaded.set(canvasId, loaded);
        this.count(loaded, 1);
        this.evictBeyondCapacity(canvasId);
        return loaded;
      } finally {
        this.pending.delete(canvasId);
        this.loading.delete(canvasId);
      }
    })();
    this.loading.set(canvasId, loading);
    return loading;
  }

  /** Slices of a few ms each; one slice without end for the baseline (`sliced` false). */
  private slices(): TurnSlices {
    return new TurnSlices(this.sliced ? undefined : Number.POSITIVE_INFINITY);
  }

  /**
   * Folds one event of the canvas's stream into a loaded scene (older events are skipped);
   * false when the scene is shed and cannot decide it (then nothing changed).
   */
  private advance(loaded: Loaded, record: RecordedEvent<Event>): boolean {
    if (record.revision <= loaded.revision) return true;
    const folded = loaded.scene.apply(record.event as CanvasEvent);
    if (!folded) return false;
    this.folds.set(record, folded);
    loaded.size = loaded.scene.bytes;
    loaded.revision = record.revision;
    loaded.ordering = undefined;
    return true;
  }

  /** Sets content aside, then drops stamps, least recently used first, beyond the capacity. */
  private evictBeyondCapacity(justLoaded?: string): void {
    const capacity = this.deps.capacityBytes ?? CURRENT_SCENES_BYTES;
    if (this.held <= capacity) return;
    for (const [canvasId, scene] of this.loaded) {
      if (this.held <= capacity) break;
      // A scene just loaded for someone keeps its content until they have read it.
      if (!scene.scene.holdsContent || canvasId === justLoaded) continue;
      this.count(scene, -1);
      scene.scene.shed();
      scene.size = scene.scene.bytes;
      scene.parsed = undefined;
      scene.ordering = undefined;
      this.count(scene, 1);
    }
    for (const [canvasId, scene] of this.loaded) {
      if (this.stamped <= capacity) return;
      if (!scene.scene.holdsContent && !this.open(canvasId)) this.drop(canvasId, scene);
    }
  }

  private drop(canvasId: string, scene: Loaded): void {
    this.loaded.delete(canvasId);
    this.count(scene, -1);
  }

  /** Adds (1) or takes away (-1) what the scene takes from the bytes held. */
  private count(scene: Loaded, sign: 1 | -1): void {
    this.held += sign * scene.size;
    if (!scene.scene.holdsContent) this.stamped += sign * scene.size;
  }
}

/**
 * The scene's elements in scene order (a new array; the elements must not be changed):
 * parsed again unless the array last handed out is still in use somewhere.
 */
function elementsOf(loaded: Loaded): SceneElement[] {
  const { parsed, revision } = loaded;
  const reused = parsed?.revision === revision ? parsed.elements.deref() : undefined;
  if (reused) return [...reused];
  const elements = orderElements(loaded.scene.elements());
  loaded.parsed = { revision, elements: new WeakRef(elements) };
  return elements;
}
