/**
 * A page's measuring window as the page meter records it (animation frames, long tasks,
 * handled pointer moves), summarised: frames per second over the window, the intervals
 * between frames (p50, p95, max) and the long tasks' total time.
 */
import { percentile, ratio, round } from '../gateway/stats';

export interface RawWindow {
  startMs: number;
  endMs: number;
  /** requestAnimationFrame timestamps. */
  frames: number[];
  longTasks: { start: number; duration: number }[];
  pointerMoves: number;
}

export interface WindowSummary {
  windowMs: number | null;
  frames: number;
  fps: number | null;
  frameIntervalMs: { p50: number | null; p95: number | null; max: number | null };
  longTasks: number;
  longTaskMs: number | null;
  pointerMoves: number;
}

export function summariseWindow(raw: RawWindow): WindowSummary {
  const windowMs = raw.endMs - raw.startMs;
  const intervals = Float64Array.from(
    raw.frames.slice(1).map((time, i) => time - raw.frames[i]!),
  ).sort();
  return {
    windowMs: round(windowMs, 0),
    frames: raw.frames.length,
    fps: round((raw.frames.length * 1000) / windowMs),
    frameIntervalMs: {
      p50: round(percentile(intervals, 50)),
      p95: round(percentile(intervals, 95)),
      max: round(intervals.length ? intervals[intervals.length - 1]! : NaN),
    },
    longTasks: raw.longTasks.length,
    longTaskMs: round(
      raw.longTasks.reduce((sum, task) => sum + task.duration, 0),
      0,
    ),
    pointerMoves: raw.pointerMoves,
  };
}

/** One window's frame rate over another's (e.g. receiving over idle). */
export function fpsRatio(window: WindowSummary, baseline: WindowSummary): number | null {
  return ratio(window.fps, baseline.fps);
}

/** The window with the highest frame rate. */
export function bestByFps(windows: WindowSummary[]): WindowSummary {
  return windows.reduce((best, window) => ((window.fps ?? 0) > (best.fps ?? 0) ? window : best));
}
