import { applySceneEvent, compareElementCopies, orderElements } from '@tabula/domain';
import type { ReplayStep } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { revealAt } from './reveal';
import { overlay } from './sceneOrder';

type MutableScene = Record<string, SceneElement>;

/** A scene copy kept every SNAPSHOT_EVERY steps, so seeking back folds at most that many. */
export const SNAPSHOT_EVERY = 500;
/** Seeking forward by more than this many steps re-sorts once instead of overlaying each. */
const OVERLAY_LIMIT = 32;

function liveInOrder(scene: MutableScene): SceneElement[] {
  return orderElements(Object.values(scene).filter((element) => !element.isDeleted));
}

/** The upserts of `step` that win over `scene`'s copies (what applying it changes), by id. */
function winners(scene: MutableScene, step: ReplayStep): Map<string, SceneElement> {
  const won = new Map<string, SceneElement>();
  for (const element of step.elements) {
    const current =
      won.get(element.id) ?? (Object.hasOwn(scene, element.id) ? scene[element.id] : undefined);
    if (current === undefined || compareElementCopies(element, current) > 0) {
      won.set(element.id, element);
    }
  }
  return won;
}

/**
 * The scenes of a replay: the scene after the first k steps (folded with the domain's
 * `applySceneEvent`, one rule with the server), and the frame partway through a step. Keeps one
 * moving cursor (advancing it by a step costs only that step) and snapshots for seeking back.
 */
export class ReplayFrames {
  private readonly snapshots = new Map<number, MutableScene>([[0, {}]]);
  private cursor = { applied: 0, scene: {} as MutableScene, ordered: [] as SceneElement[] };
  private readonly partials = new Map<string, SceneElement>();
  private partialsOf = -1;

  /** `steps`: the replay's steps in ascending revisions; the owner may append to it. */
  constructor(private readonly steps: readonly ReplayStep[]) {}

  /** The scene record (tombstones included) after the first `applied` steps. Do not change it. */
  sceneAfter(applied: number): Readonly<MutableScene> {
    this.moveTo(applied);
    return this.cursor.scene;
  }

  /** The live elements after the first `applied` steps, in scene order. Do not change it. */
  settled(applied: number): readonly SceneElement[] {
    this.moveTo(applied);
    return this.cursor.ordered;
  }

  /**
   * The live elements shown `offset` ms into step `applied` (the first `applied` steps done):
   * the settled scene with what the step has drawn so far laid over it.
   */
  frame(applied: number, offset: number): readonly SceneElement[] {
    const base = this.settled(applied);
    const step = this.steps[applied];
    if (!step || offset <= 0) return base;
    if (this.partialsOf !== applied) {
      this.partials.clear();
      this.partialsOf = applied;
    }
    const shown = new Map<string, SceneElement>();
    for (const [id, element] of winners(this.cursor.scene, step)) {
      const revealed = revealAt(element, step.timing?.[id], offset, this.partials);
      if (revealed) shown.set(id, revealed);
    }
    return overlay(base, shown);
  }

  private moveTo(applied: number): void {
    const target = Math.max(0, Math.min(applied, this.steps.length));
    const cursor = this.cursor;
    if (target === cursor.applied) return;
    if (target < cursor.applied) {
      const from = Math.floor(target / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
      const scene = { ...this.snapshots.get(from)! };
      this.cursor = { applied: from, scene, ordered: [] };
      this.fold(target);
      this.cursor.ordered = liveInOrder(this.cursor.scene);
      return;
    }
    if (target - cursor.applied > OVERLAY_LIMIT) {
      this.fold(target);
      cursor.ordered = liveInOrder(cursor.scene);
      return;
    }
    while (cursor.applied < target) {
      const changes = winners(cursor.scene, this.steps[cursor.applied]!);
      cursor.ordered = overlay(cursor.ordered, changes);
      this.fold(cursor.applied + 1);
    }
  }

  /** Folds the cursor's scene forward to `target` steps, keeping snapshots on the way. */
  private fold(target: number): void {
    const cursor = this.cursor;
    while (cursor.applied < target) {
      const step = this.steps[cursor.applied]!;
      applySceneEvent(cursor.scene, { type: 'LineDrawn', data: { elements: step.elements } });
      cursor.applied += 1;
      if (cursor.applied % SNAPSHOT_EVERY === 0 && !this.snapshots.has(cursor.applied)) {
        this.snapshots.set(cursor.applied, { ...cursor.scene });
      }
    }
  }
}
