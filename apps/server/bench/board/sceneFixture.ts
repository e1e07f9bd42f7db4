/**
 * The board benchmark's scenes: `boardElements(n)` is n elements as people draw them, nine in
 * ten freedraw strokes of 12 to 100 mouse points (pressure simulated, as a mouse stroke has it)
 * and the rest rectangles, ellipses and diamonds, in increasing fractional-index order. The
 * same n always gives the same scene. The density is the same at every size (1,000 elements
 * per 1,600 × 1,000 px of board, centred on the origin, where both the app and the plain page
 * open their view), so the first screen shows a similar amount of drawing whatever the
 * board's size, and only the rest of the scene grows.
 */
import { excalidrawElement } from '@tabula/testing/elements';
import type { SceneElement } from '@tabula/domain';

/** Elements per 1,600 × 1,000 px of board. */
const DENSITY_AREA = 1600 * 1000;
const PER_AREA = 1000;
const SHAPES = ['rectangle', 'ellipse', 'diamond'] as const;
const COLORS = ['#1e1e1e', '#e03131', '#2f9e44', '#1971c2', '#f08c00', '#6741d9'];
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A seeded generator (mulberry32), so a size's scene is the same in every run. The tests' copy
 * (test/support/restClient.ts) comes with Vitest's imports, which a benchmark cannot load.
 */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `i`-th of up to 62³ increasing fractional-index keys ('c' and three base-62 digits). */
export function indexKey(i: number): string {
  const digit = (place: number) => DIGITS[Math.floor(i / 62 ** place) % 62];
  return `c${digit(2)}${digit(1)}${digit(0)}`;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A hand-drawn line: a walk whose heading turns a little at each mouse point. */
function strokePoints(next: () => number): [number, number][] {
  const count = 12 + Math.floor(next() * 89);
  let heading = next() * Math.PI * 2;
  let turn = (next() - 0.5) * 0.2;
  let x = 0;
  let y = 0;
  const points: [number, number][] = [[0, 0]];
  for (let i = 1; i < count; i++) {
    turn = turn * 0.9 + (next() - 0.5) * 0.08;
    heading += turn;
    const step = 2 + next() * 2;
    x += Math.cos(heading) * step;
    y += Math.sin(heading) * step;
    points.push([round(x), round(y)]);
  }
  return points;
}

function extent(values: number[]): number {
  return round(Math.max(...values) - Math.min(...values));
}

/** The board's n elements (see the module's comment). */
export function boardElements(n: number): SceneElement[] {
  const next = random(n);
  // The board grows from the origin with the viewport's aspect (1.6 : 1).
  const area = (DENSITY_AREA * n) / PER_AREA;
  const width = Math.sqrt(area * 1.6);
  const height = area / width;
  const elements: SceneElement[] = [];
  for (let i = 0; i < n; i++) {
    const common = {
      id: `board-${n}-${i}`,
      index: indexKey(i),
      x: round((next() - 0.5) * width),
      y: round((next() - 0.5) * height),
      strokeColor: COLORS[Math.floor(next() * COLORS.length)],
      seed: 1 + Math.floor(next() * 2 ** 30),
      versionNonce: 1 + Math.floor(next() * 2 ** 30),
      updated: 1_700_000_000_000 + i,
    };
    if (next() < 0.9) {
      const points = strokePoints(next);
      elements.push(
        excalidrawElement({
          ...common,
          type: 'freedraw',
          width: extent(points.map(([x]) => x)),
          height: extent(points.map(([, y]) => y)),
          points,
          pressures: [],
          simulatePressure: true,
          lastCommittedPoint: null,
        }) as unknown as SceneElement,
      );
    } else {
      elements.push(
        excalidrawElement({
          ...common,
          type: SHAPES[Math.floor(next() * SHAPES.length)],
          width: round(40 + next() * 160),
          height: round(30 + next() * 110),
          roundness: next() < 0.5 ? { type: 3 } : null,
        }) as unknown as SceneElement,
      );
    }
  }
  return elements;
}
