import type { Checkpoint, ReplayStep } from '@tabula/domain/protocol';
import { firstIndex } from './firstIndex';

/** One mark of the timeline: one entry of the replay. */
export interface TimelineMark {
  /** Steps done once the playhead is on this mark (the mark's step included). */
  applied: number;
  revision: number;
  actorId: string;
  actorName: string;
  /** The author's colour. */
  color: string;
  /** A checkpoint's name, when one was named at this revision. */
  label?: string;
}

/**
 * Authors' colours: twelve strokes of Excalidraw's palette (open-color, shade 8–9), far enough
 * apart to tell two authors apart on the timeline.
 */
export const AUTHOR_PALETTE: readonly string[] = [
  '#e03131', // red
  '#1971c2', // blue
  '#2f9e44', // green
  '#f08c00', // orange
  '#9c36b5', // grape
  '#0c8599', // cyan
  '#c2255c', // pink
  '#6741d9', // violet
  '#66a80f', // lime
  '#e8590c', // deep orange
  '#099268', // teal
  '#3b5bdb', // indigo
];

/** FNV-1a over the id's UTF-16 units: the same number in every browser. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An author's own colour, from their id alone (where no other author is known). */
export function authorColor(actorId: string): string {
  return AUTHOR_PALETTE[hashOf(actorId) % AUTHOR_PALETTE.length]!;
}

/**
 * The colours of a canvas's authors, given in order of their first entry (the same order for
 * every viewer, so every viewer sees the same colours). Each takes its own colour
 * (`authorColor`) unless an earlier author has it, then the next free one; only past twelve
 * authors do colours repeat. An author's colour depends only on the authors before them, so it
 * does not change as more of the history loads.
 */
export function authorColors(actorIds: Iterable<string>): Map<string, string> {
  const colors = new Map<string, string>();
  const taken = new Set<number>();
  for (const id of actorIds) {
    if (colors.has(id)) continue;
    const own = hashOf(id) % AUTHOR_PALETTE.length;
    let slot = own;
    for (let n = 0; n < AUTHOR_PALETTE.length && taken.has(slot); n += 1) {
      slot = (own + n + 1) % AUTHOR_PALETTE.length;
    }
    if (taken.has(slot)) slot = own;
    taken.add(slot);
    colors.set(id, AUTHOR_PALETTE[slot]!);
  }
  return colors;
}

/**
 * The timeline's marks, one per step, coloured per author (`authorColors`); a checkpoint labels the last step
 * at or before its revision (several on one step are joined).
 */
export function timelineMarks(
  steps: readonly ReplayStep[],
  checkpoints: readonly Checkpoint[] = [],
): TimelineMark[] {
  const colors = authorColors(steps.map(({ entry }) => entry.actorId));
  const marks: TimelineMark[] = steps.map(({ entry }, index) => ({
    applied: index + 1,
    revision: entry.revision,
    actorId: entry.actorId,
    actorName: entry.actorName,
    color: colors.get(entry.actorId)!,
  }));
  for (const checkpoint of checkpoints) {
    const index = lastAtOrBefore(steps, checkpoint.revision);
    if (index < 0) continue;
    const mark = marks[index]!;
    mark.label = mark.label ? `${mark.label}, ${checkpoint.label}` : checkpoint.label;
  }
  return marks;
}

/** The index of the last step with a revision ≤ `revision`, or -1. */
export function lastAtOrBefore(steps: readonly ReplayStep[], revision: number): number {
  return firstIndex(steps.length, (index) => steps[index]!.entry.revision > revision) - 1;
}

/** The revision shown once `applied` steps are done (`base` before the first). */
export function revisionAfter(steps: readonly ReplayStep[], applied: number, base = 0): number {
  if (applied <= 0 || steps.length === 0) return base;
  return steps[Math.min(applied, steps.length) - 1]!.entry.revision;
}

/** The timeline's fraction (0..1) for `applied` steps done plus `progress` (0..1) of the next. */
export function fractionOf(applied: number, progress: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(1, (applied + Math.max(0, Math.min(1, progress))) / total));
}

/** The steps done at a fraction of the timeline (nearest mark boundary). */
export function appliedAtFraction(fraction: number, total: number): number {
  return Math.max(0, Math.min(total, Math.round(fraction * total)));
}
