import { orderElements } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { dimmed } from './attribution';

type SceneRecord = Readonly<Record<string, SceneElement>>;

/** What changed between two revisions: element ids. */
export interface RevisionDiff {
  from: number;
  to: number;
  added: string[];
  changed: string[];
  deleted: string[];
}

/** The colours of a comparison (Excalidraw's palette). */
export const DIFF_COLORS = { added: '#2f9e44', changed: '#f08c00', deleted: '#e03131' } as const;

function live(scene: SceneRecord, id: string): SceneElement | undefined {
  const element = Object.hasOwn(scene, id) ? scene[id] : undefined;
  return element && !element.isDeleted ? element : undefined;
}

/**
 * The elements live at `to` and not at `from` (added), live at both in another version
 * (changed), live at `from` and not at `to` (deleted), each in id order.
 */
export function diffScenes(
  before: SceneRecord,
  after: SceneRecord,
  from: number,
  to: number,
): RevisionDiff {
  const added: string[] = [];
  const changed: string[] = [];
  const deleted: string[] = [];
  for (const id of Object.keys(after)) {
    const now = live(after, id);
    if (!now) continue;
    const then = live(before, id);
    if (!then) added.push(id);
    else if (then.version !== now.version || then.versionNonce !== now.versionNonce) {
      changed.push(id);
    }
  }
  for (const id of Object.keys(before)) {
    if (live(before, id) && !live(after, id)) deleted.push(id);
  }
  return { from, to, added: added.sort(), changed: changed.sort(), deleted: deleted.sort() };
}

function tinted(element: SceneElement, color: string, opacity?: number): SceneElement {
  const copy: SceneElement = { ...element, strokeColor: color };
  if (opacity !== undefined) copy.opacity = opacity;
  return copy;
}

/**
 * The comparison as one frame: the scene at `to` with added elements in green and changed
 * ones in orange, the deleted ones as they were at `from` in faded red, the rest dimmed.
 */
export function diffFrame(
  before: SceneRecord,
  after: SceneRecord,
  diff: RevisionDiff,
): SceneElement[] {
  const added = new Set(diff.added);
  const changed = new Set(diff.changed);
  const shown: SceneElement[] = [];
  for (const id of Object.keys(after)) {
    const element = live(after, id);
    if (!element) continue;
    if (added.has(id)) shown.push(tinted(element, DIFF_COLORS.added));
    else if (changed.has(id)) shown.push(tinted(element, DIFF_COLORS.changed));
    else shown.push(dimmed(element));
  }
  for (const id of diff.deleted) shown.push(tinted(live(before, id)!, DIFF_COLORS.deleted, 40));
  return orderElements(shown);
}
