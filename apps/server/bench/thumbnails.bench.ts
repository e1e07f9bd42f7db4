/**
 * Card thumbnails (issue 10's figures): what rendering a canvas's picture costs, for a scene
 * of 200 and of 2,000 elements (a deterministic mix of shapes, arrows, freehand strokes and
 * text, a tenth of them deleted), in ms per canvas and bytes of SVG, each against a baseline
 * measured in the same run: `JSON.stringify` of the same scene, which is what the scene costs
 * to send as the REST calls do (and the SVG's gzip size, for a compressing proxy). A cache hit costs neither (the route keeps one picture per
 * canvas and revision). BENCH_THUMBNAIL_SAMPLES sets the samples per size (default 200).
 */
import { gzipSync } from 'node:zlib';
import { completeElement } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { renderThumbnail } from '../src/features/canvases/thumbnails/renderThumbnail';
import { latencySummary, mean, ratio, round } from './gateway/stats';

const SAMPLES = Number(process.env.BENCH_THUMBNAIL_SAMPLES ?? 200);
const SIZES = [200, 2_000];

/**
 * The i-th of an evenly spread sequence in [0, 1) (i times an irrational, fractional part), one
 * multiplier per property so that they do not move together; the same on every run.
 */
function spread(i: number, multiplier: number): number {
  return (i * multiplier) % 1;
}

const COLOURS = ['#1e1e1e', '#e03131', '#2f9e44', '#1971c2', '#f08c00'];
const FILLS = ['transparent', '#ffc9c9', '#b2f2bb', '#a5d8ff', '#ffec99'];

/** `count` elements spread over a 4000 × 3000 board, a tenth of them deleted. */
function scene(count: number): SceneElement[] {
  return Array.from({ length: count }, (_, i) => {
    const pick = <T>(list: readonly T[], multiplier: number): T =>
      list[Math.floor(spread(i, multiplier) * list.length)]!;
    const base = {
      id: `el-${i}`,
      index: `a${i.toString(36).padStart(4, '0')}`,
      x: Math.round(spread(i, Math.SQRT2) * 4000),
      y: Math.round(spread(i, Math.PI) * 3000),
      width: 40 + Math.round(spread(i, Math.E) * 200),
      height: 30 + Math.round(spread(i, Math.LN2) * 150),
      strokeColor: pick(COLOURS, Math.SQRT1_2),
      backgroundColor: pick(FILLS, Math.LOG10E),
      isDeleted: i % 10 === 9,
    };
    const next = () => spread(i, 0.6180339887498949);
    const roll = next();
    if (roll < 0.3) return completeElement({ ...base, type: i % 2 ? 'rectangle' : 'ellipse' });
    if (roll < 0.4) return completeElement({ ...base, type: 'diamond' });
    if (roll < 0.55)
      return completeElement({
        ...base,
        type: 'arrow',
        points: [
          [0, 0],
          [base.width, base.height],
        ],
        endArrowhead: 'arrow',
      });
    if (roll < 0.85) {
      const points = Array.from({ length: 40 }, (_, p) => [
        p * 4,
        Math.round(Math.sin(p / 3) * 20),
      ]);
      return completeElement({ ...base, type: 'freedraw', points });
    }
    return completeElement({
      ...base,
      type: 'text',
      text: `Note ${i}\nsecond line`,
      fontSize: 20,
      fontFamily: 1,
    });
  });
}

/** Mean and percentiles of `work` over SAMPLES runs, after a warm-up. */
function time(work: () => unknown) {
  for (let i = 0; i < 20; i += 1) work();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return { meanMs: round(mean(samples), 3), ...latencySummary(samples) };
}

export async function run(): Promise<object> {
  const sizes: Record<string, object> = {};
  for (const count of SIZES) {
    const elements = scene(count);
    const svg = renderThumbnail(elements) ?? '';
    const json = JSON.stringify(elements);
    const render = time(() => renderThumbnail(elements));
    const baseline = time(() => JSON.stringify(elements));
    sizes[`${count} elements`] = {
      liveElements: elements.filter((element) => !element.isDeleted).length,
      render,
      baselineJsonStringify: baseline,
      renderToBaselineMs: ratio(render.meanMs, baseline.meanMs),
      svgBytes: Buffer.byteLength(svg),
      baselineJsonBytes: Buffer.byteLength(json),
      svgToBaselineBytes: ratio(Buffer.byteLength(svg), Buffer.byteLength(json)),
      svgGzipBytes: gzipSync(svg).length,
    };
  }
  return { samplesPerSize: SAMPLES, sizes };
}
