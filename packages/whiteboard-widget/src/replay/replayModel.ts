import type { SceneElement } from '@tabula/domain';
import type { Checkpoint, ReplayStep } from '@tabula/domain/protocol';
import { applyAuthorFilter, Attribution } from './attribution';
import type { AuthorFilter } from './attribution';
import { diffFrame, diffScenes } from './compare';
import type { RevisionDiff } from './compare';
import { ReplayFrames } from './frames';
import { PlaybackClock } from './playbackClock';
import type { Speed } from './playbackClock';
import { buildSchedule, pointAt, timeAfter, timeAt } from './schedule';
import type { Schedule, SchedulePoint } from './schedule';
import { lastAtOrBefore, revisionAfter, timelineMarks } from './timelineMarks';
import type { TimelineMark } from './timelineMarks';

/** Where the playhead is, as the controls show it. */
export interface ReplayPosition extends SchedulePoint {
  /** The revision of the last step done (the base revision before the first). */
  revision: number;
  /** Replay time (ms at 1×) and its end. */
  time: number;
  total: number;
  /** How far into the current step (0..1), for a smooth playhead. */
  progress: number;
}

/**
 * The player without React: the steps loaded so far, their schedule, the playhead, the author
 * filter and the comparison, and the frame (elements) to show. `now` is the clock (tests give
 * a simulated one).
 */
export class ReplayModel {
  readonly steps: ReplayStep[] = [];
  readonly attribution = new Attribution();
  readonly clock: PlaybackClock;
  private readonly frames = new ReplayFrames(this.steps);
  private schedule: Schedule = { starts: [], durations: [], total: 0 };
  private skip = false;
  private authorFilter: AuthorFilter | null = null;
  private comparison: { diff: RevisionDiff; frame: SceneElement[] } | null = null;
  /**
   * The revision sought, which may be one no step has (an entry that left the drawing
   * unchanged: a rename, a named version…): the playhead sits after the last step at or before
   * it and reports it, and steps loaded later do not move it (not even from the end). Any move
   * of the playhead forgets it.
   */
  private pinned: number | null = null;

  constructor(
    now: () => number,
    /** The revision before the first step (0: an empty canvas). */
    readonly baseRevision = 0,
  ) {
    this.clock = new PlaybackClock(now);
  }

  /** Adds steps after those held (older or repeated revisions are ignored); keeps the playhead. */
  append(steps: readonly ReplayStep[]): number {
    const last = this.steps.length > 0 ? this.lastRevision() : -Infinity;
    const fresh = steps.filter((step, index) => {
      const previous = index > 0 ? steps[index - 1]!.entry.revision : last;
      return step.entry.revision > Math.max(previous, last);
    });
    if (fresh.length === 0) return 0;
    const point = this.point();
    const atEnd = this.steps.length > 0 && point.applied >= this.steps.length;
    this.steps.push(...fresh);
    this.attribution.append(fresh);
    if (this.pinned !== null) {
      // A revision sought stays: the scene as of it (steps at or before it may have come).
      const applied = lastAtOrBefore(this.steps, this.pinned) + 1;
      this.reschedule({ applied, offset: 0 });
      this.clock.seek(timeAfter(this.schedule, applied));
    } else this.reschedule(atEnd && !this.clock.playing ? null : point);
    return fresh.length;
  }

  /** The newest revision held. */
  lastRevision(): number {
    return revisionAfter(this.steps, this.steps.length, this.baseRevision);
  }

  get skipIdle(): boolean {
    return this.skip;
  }

  setSkipIdle(skip: boolean): void {
    if (skip === this.skip) return;
    const point = this.point();
    this.skip = skip;
    this.reschedule(point);
  }

  private reschedule(keep: SchedulePoint | null): void {
    this.schedule = buildSchedule(this.steps, this.skip);
    const time = keep ? timeAt(this.schedule, keep) : this.schedule.total;
    this.clock.setTotal(this.schedule.total, time);
  }

  point(): SchedulePoint {
    return pointAt(this.schedule, this.clock.position());
  }

  position(): ReplayPosition {
    const time = this.clock.position();
    const point = pointAt(this.schedule, time);
    const duration = this.schedule.durations[point.applied] ?? 0;
    return {
      ...point,
      revision: this.pinned ?? revisionAfter(this.steps, point.applied, this.baseRevision),
      time,
      total: this.schedule.total,
      progress: duration > 0 ? Math.max(0, point.offset) / duration : 0,
    };
  }

  play(): void {
    this.pinned = null;
    this.comparison = null;
    this.clock.play();
  }

  pause(): void {
    this.clock.pause();
  }

  setSpeed(speed: Speed): void {
    this.clock.setSpeed(speed);
  }

  /** Moves the playhead to where the first `applied` steps are done. */
  seekApplied(applied: number): void {
    this.pinned = null;
    this.clock.seek(timeAfter(this.schedule, Math.max(0, Math.min(applied, this.steps.length))));
  }

  /**
   * Moves the playhead to `revision` (the last step at or before it done). The revision is kept,
   * even one between steps (an entry that is not a drawing): `position().revision` is
   * `revision`, and steps loaded later do not move the playhead, until it is moved.
   */
  seekRevision(revision: number): void {
    this.seekApplied(lastAtOrBefore(this.steps, revision) + 1);
    this.pinned = Math.max(revision, this.baseRevision);
  }

  /** One entry forward (the current step completed when partway through it). */
  stepForward(): void {
    this.seekApplied(this.point().applied + 1);
  }

  /** One entry back (to the start of the current step when partway through it). */
  stepBack(): void {
    const { applied, offset } = this.point();
    this.seekApplied(offset > 0 ? applied : applied - 1);
  }

  setAuthorFilter(filter: AuthorFilter | null): void {
    this.authorFilter = filter && filter.authorIds.size > 0 ? filter : null;
  }

  get filter(): AuthorFilter | null {
    return this.authorFilter;
  }

  /** Compares two revisions (shown until cleared or played); returns what changed. */
  compare(from: number, to: number): RevisionDiff {
    const [low, high] = from <= to ? [from, to] : [to, from];
    const before = { ...this.frames.sceneAfter(lastAtOrBefore(this.steps, low) + 1) };
    const after = this.frames.sceneAfter(lastAtOrBefore(this.steps, high) + 1);
    const diff = diffScenes(before, after, low, high);
    this.comparison = { diff, frame: diffFrame(before, after, diff) };
    return diff;
  }

  clearComparison(): void {
    this.comparison = null;
  }

  get diff(): RevisionDiff | null {
    return this.comparison?.diff ?? null;
  }

  /** The elements to show now. */
  frame(): readonly SceneElement[] {
    return this.comparison ? this.comparison.frame : this.frameAtTime(this.clock.position());
  }

  /** The elements shown at replay time `time` (the author filter applied), playhead untouched. */
  frameAtTime(time: number): readonly SceneElement[] {
    const { applied, offset } = pointAt(this.schedule, time);
    return applyAuthorFilter(
      this.frames.frame(applied, offset),
      this.authorFilter,
      this.attribution,
    );
  }

  marks(checkpoints: readonly Checkpoint[] = []): TimelineMark[] {
    return timelineMarks(this.steps, checkpoints);
  }
}
