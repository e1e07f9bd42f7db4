import type { ReplayStep } from '@tabula/domain/protocol';
import { firstIndex } from './firstIndex';
import { gestureDuration } from './reveal';

/** Pauses longer than this shrink to IDLE_BEAT_MS when idle time is skipped. */
export const IDLE_THRESHOLD_MS = 2000;
export const IDLE_BEAT_MS = 300;

/**
 * When each step plays, in replay milliseconds at 1×: a step's gesture lasts as long as its
 * timing says (0 without timing), and the pause before it is the real time between the end of
 * the previous gesture and its start (`occurredAt` is when it was committed, so it started
 * `duration` earlier). With `skipIdle`, pauses over IDLE_THRESHOLD_MS last IDLE_BEAT_MS.
 */
export interface Schedule {
  starts: number[];
  durations: number[];
  /** When the last step ends. */
  total: number;
}

export function buildSchedule(steps: readonly ReplayStep[], skipIdle: boolean): Schedule {
  const starts: number[] = [];
  const durations: number[] = [];
  let cursor = 0;
  let realEnd = Number.NaN;
  for (const step of steps) {
    const duration = gestureDuration(step.timing);
    const committed = Date.parse(step.entry.occurredAt);
    const realStart = Number.isFinite(committed) ? committed - duration : realEnd;
    let pause = Number.isFinite(realEnd) && Number.isFinite(realStart) ? realStart - realEnd : 0;
    pause = Math.max(0, pause);
    if (skipIdle && pause > IDLE_THRESHOLD_MS) pause = IDLE_BEAT_MS;
    const start = cursor + pause;
    starts.push(start);
    durations.push(duration);
    cursor = start + duration;
    if (Number.isFinite(realStart)) realEnd = Math.max(realStart + duration, realEnd || 0);
  }
  return { starts, durations, total: cursor };
}

/** Where replay time `time` falls: `applied` steps done, and `offset` ms into the next one. */
export interface SchedulePoint {
  applied: number;
  /** Milliseconds into step `applied` (≤ 0 while in the pause before it). */
  offset: number;
}

/** The point of the schedule at `time` (clamped to [0, total]). */
export function pointAt(schedule: Schedule, time: number): SchedulePoint {
  const { starts, durations } = schedule;
  const count = starts.length;
  // The first step that has not ended by `time` (a step ends at start + duration).
  const low = firstIndex(count, (index) => starts[index]! + durations[index]! > time);
  if (low >= count) return { applied: count, offset: 0 };
  return { applied: low, offset: time - starts[low]! };
}

/** The replay time at which the first `applied` steps are done (and nothing of the next shows). */
export function timeAfter(schedule: Schedule, applied: number): number {
  if (applied <= 0) return 0;
  const last = Math.min(applied, schedule.starts.length) - 1;
  return schedule.starts[last]! + schedule.durations[last]!;
}

/** `point` as a time of `schedule` (to keep the place when the schedule changes). */
export function timeAt(schedule: Schedule, point: SchedulePoint): number {
  const { starts, durations } = schedule;
  if (point.applied >= starts.length) return schedule.total;
  const start = starts[point.applied]!;
  const before = timeAfter(schedule, point.applied);
  const offset = Math.min(point.offset, durations[point.applied]!);
  return Math.max(before, start + offset);
}
