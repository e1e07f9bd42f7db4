/**
 * Scenes at grid revisions kept in memory, so that browsing a canvas's history (pages,
 * scrubbing the player) folds only the events since the nearest grid point instead of loading
 * a stored snapshot (and checking its digest) each time. A cached scene is kept as element
 * JSON (`CompactScene`), parsed when asked for: the text of an element object is made once
 * (`jsonOf`), so consecutive grid scenes share the text of the elements they have in common.
 * Bounded by bytes (each scene counted whole, shared text or not); the least recently used
 * go first. Only folds of the log fill it, and a canvas's erasure empties it: it can never
 * disagree with the log.
 */
import type { SceneElement } from '@tabula/domain';
import { CompactScene } from './compactScene';

type SceneRecord = Record<string, SceneElement>;

/** Bytes of scene text (see `CompactScene.bytes`) the cache holds at most, over every canvas. */
export const GRID_SCENE_BYTES = 64 * 1024 * 1024;

interface Cached {
  canvasId: string;
  revision: number;
  scene: CompactScene;
  size: number;
}

export class GridScenes {
  /** Least recently used first. */
  private readonly entries = new Map<string, Cached>();
  private readonly revisionsByCanvas = new Map<string, Set<number>>();
  private held = 0;

  constructor(private readonly capacity = GRID_SCENE_BYTES) {}

  /** The cached scene of the highest revision <= `revision` (a fresh record). */
  nearest(canvasId: string, revision: number): { revision: number; scene: SceneRecord } | null {
    let best = -1;
    for (const cached of this.revisionsByCanvas.get(canvasId) ?? []) {
      if (cached <= revision && cached > best) best = cached;
    }
    if (best < 0) return null;
    const key = keyOf(canvasId, best);
    const entry = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { revision: best, scene: entry.scene.record() };
  }

  /** Keeps a copy of `scene` as the scene after `revision`. */
  remember(canvasId: string, revision: number, scene: SceneRecord): void {
    const key = keyOf(canvasId, revision);
    if (this.entries.has(key) || this.capacity === 0) return;
    const compact = CompactScene.of(Object.values(scene));
    const size = compact.bytes;
    if (size > this.capacity) return;
    this.entries.set(key, { canvasId, revision, scene: compact, size });
    let revisions = this.revisionsByCanvas.get(canvasId);
    if (!revisions) this.revisionsByCanvas.set(canvasId, (revisions = new Set()));
    revisions.add(revision);
    this.held += size;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.capacity) break;
      this.drop(oldest, entry);
    }
  }

  /** Forgets every scene of the canvas (its erasure, or snapshots found wrong). */
  forget(canvasId: string): void {
    for (const revision of this.revisionsByCanvas.get(canvasId) ?? []) {
      const key = keyOf(canvasId, revision);
      this.drop(key, this.entries.get(key)!);
    }
  }

  private drop(key: string, entry: Cached): void {
    this.entries.delete(key);
    this.held -= entry.size;
    const revisions = this.revisionsByCanvas.get(entry.canvasId)!;
    revisions.delete(entry.revision);
    if (revisions.size === 0) this.revisionsByCanvas.delete(entry.canvasId);
  }
}

function keyOf(canvasId: string, revision: number): string {
  return `${canvasId}\u0000${revision}`;
}
