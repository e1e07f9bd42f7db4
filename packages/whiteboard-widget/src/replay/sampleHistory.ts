import { completeElement } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { HistoryEntry, ReplayStep } from '@tabula/domain/protocol';
import { authorColors } from './timelineMarks';

/** An author of a generated history. */
export interface SampleAuthor {
  id: string;
  name: string;
}

/** Options of `sampleSteps`. */
export interface SampleOptions {
  /** How many strokes (one step each). */
  count: number;
  authors: readonly SampleAuthor[];
  /** Points per stroke (default 24). */
  points?: number;
  /** Milliseconds between two points of a stroke (default 16). */
  pointEveryMs?: number;
  /** Milliseconds between the end of a stroke and the start of the next (default 600). */
  pauseMs?: number;
  /** Every `longPauseEvery`-th pause lasts `longPauseMs` (defaults 10 and 8000). */
  longPauseEvery?: number;
  longPauseMs?: number;
  /** When the first stroke starts (ISO-8601; default 2026-01-01T09:00:00Z). */
  startAt?: string;
  /** The first step's revision (default 2: revision 1 created the canvas). */
  firstRevision?: number;
}

/** A fractional index key for position `n` (a0, a1, …, aZ, b00, …), valid for Excalidraw. */
export function sampleIndex(n: number): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let length = 1;
  let span = 62;
  let rest = n;
  while (rest >= span) {
    rest -= span;
    length += 1;
    span *= 62;
  }
  let body = '';
  for (let i = 0; i < length; i += 1) {
    body = digits[rest % 62]! + body;
    rest = Math.floor(rest / 62);
  }
  return String.fromCharCode(96 + length) + body;
}

/** A complete Excalidraw freedraw element with `points`. */
export function sampleStroke(
  id: string,
  index: string,
  x: number,
  y: number,
  points: [number, number][],
  color: string,
  seed: number,
): SceneElement {
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  return completeElement({
    id,
    type: 'freedraw',
    version: points.length + 1,
    versionNonce: seed * 7919,
    index,
    x,
    y,
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
    strokeColor: color,
    seed,
    points,
    pressures: points.map(() => 0.5),
    simulatePressure: false,
    lastCommittedPoint: points[points.length - 1] ?? null,
  });
}

/**
 * A generated history: `count` freedraw strokes (wavy lines on a grid) by the authors in turn,
 * each timed point by point, with pauses between them. Deterministic.
 */
export function sampleSteps(options: SampleOptions): ReplayStep[] {
  const pointCount = options.points ?? 24;
  const every = options.pointEveryMs ?? 16;
  const pause = options.pauseMs ?? 600;
  const longEvery = options.longPauseEvery ?? 10;
  const longPause = options.longPauseMs ?? 8000;
  let clock = Date.parse(options.startAt ?? '2026-01-01T09:00:00Z');
  const first = options.firstRevision ?? 2;
  const steps: ReplayStep[] = [];
  const colors = authorColors(options.authors.map((author) => author.id));
  for (let n = 0; n < options.count; n += 1) {
    const author = options.authors[n % options.authors.length]!;
    const id = `stroke-${n}`;
    const points: [number, number][] = Array.from({ length: pointCount }, (_, i) => [
      i * 8,
      Math.round(Math.sin((i + n) / 3) * 14),
    ]);
    const times = points.map((_, i) => i * every);
    const x = 40 + (n % 8) * 230;
    const y = 40 + Math.floor(n / 8) * 60;
    const color = colors.get(author.id)!;
    const element = sampleStroke(id, sampleIndex(n), x, y, points, color, n + 1);
    clock += times[times.length - 1]!;
    const entry: HistoryEntry = {
      revision: first + n,
      type: 'LineDrawn',
      actorId: author.id,
      actorName: author.name,
      occurredAt: new Date(clock).toISOString(),
      summary: { added: [{ id, type: 'freedraw' }], changed: [], deleted: [] },
    };
    steps.push({ entry, elements: [element], timing: { [id]: times } });
    clock += (n + 1) % longEvery === 0 ? longPause : pause;
  }
  return steps;
}
