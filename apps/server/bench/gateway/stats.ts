/** Small statistics for the gateway benchmark's report. */

/** The p-th percentile of ascending `sorted` (nearest rank), NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A number rounded to `digits` decimals, or null when it is not finite (JSON has no NaN). */
export function round(value: number, digits = 1): number | null {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : null;
}

/** p50/p95/p99 of `samples` in ms, and how many there were. */
export function latencySummary(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/** `part / whole`, rounded, or null when `whole` is 0. */
export function ratio(part: number | null, whole: number | null, digits = 2): number | null {
  if (part === null || whole === null || whole === 0) return null;
  return round(part / whole, digits);
}

export function mean(values: number[]): number {
  return values.length === 0 ? NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The middle value of `values` (the upper one of an even count), null when empty. */
export function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null;
}
