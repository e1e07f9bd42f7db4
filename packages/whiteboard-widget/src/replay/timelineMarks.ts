import type { Checkpoint, ReplayStep } from '@tabula/domain/protocol';
import { colorFor } from '../collaborators';
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

/** The colour of an author's marks and highlights. */
export function authorColor(actorId: string): string {
  return colorFor(actorId).stroke;
}

/**
 * The timeline's marks, one per step, coloured per author; a checkpoint labels the last step
 * at or before its revision (several on one step are joined).
 */
export function timelineMarks(
  steps: readonly ReplayStep[],
  checkpoints: readonly Checkpoint[] = [],
): TimelineMark[] {
  const marks: TimelineMark[] = steps.map(({ entry }, index) => ({
    applied: index + 1,
    revision: entry.revision,
    actorId: entry.actorId,
    actorName: entry.actorName,
    color: authorColor(entry.actorId),
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
