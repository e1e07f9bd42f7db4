/**
 * Scenes at grid revisions kept in memory, so that browsing a canvas's history (pages,
 * scrubbing the player) folds only the events since the nearest grid point instead of loading
 * and parsing a stored snapshot each time. A cached scene is a shallow copy of the fold's
 * record: the scene fold replaces element objects and never changes them, so consecutive
 * grid scenes share nearly all their elements and a cached scene costs little more than its
 * keys. Bounded by the element references held in all; the least recently used go first.
 * Only folds of the log fill it, and a canvas's erasure empties it: it can never disagree
 * with the log.
 */
import type { SceneElement } from '@tabula/domain';

type SceneRecord = Record<string, SceneElement>;

/** Element references the cache holds at most, over every canvas (≈ 16 bytes each). */
export const GRID_SCENE_CAPACITY = 1_000_000;

interface Cached {
  canvasId: string;
  revision: number;
  scene: SceneRecord;
  size: number;
}

export class GridScenes {
  /** Least recently used first. */
  private readonly entries = new Map<string, Cached>();
  private readonly revisionsByCanvas = new Map<string, Set<number>>();
  private held = 0;

  constructor(private readonly capacity = GRID_SCENE_CAPACITY) {}

  /** The cached scene of the highest revision <= `revision` (the caller must not change it). */
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
    return { revision: best, scene: entry.scene };
  }

  /** Keeps a copy of `scene` as the scene after `revision`. */
  remember(canvasId: string, revision: number, scene: SceneRecord): void {
    const key = keyOf(canvasId, revision);
    const size = Object.keys(scene).length;
    if (this.entries.has(key) || size > this.capacity) return;
    this.entries.set(key, { canvasId, revision, scene: { ...scene }, size });
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
