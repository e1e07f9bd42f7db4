/**
 * Start-up benchmark: a SQLite log of CANVASES canvases × EVENTS_PER_CANVAS drawing events,
 * started as the embedded default (read models in memory) in a fresh process each time:
 * - `withSnapshots`: twice, the first start on a log that has no snapshot and no saved read
 *   models yet (as after an upgrade: the whole log is replayed; the snapshot writer stores
 *   scenes as the catch-up passes the grid and the read models are saved at the stop), the
 *   second on what the first left (only events after the saved read models are replayed);
 *   then once more ignoring the saved read models (`secondStartFullReplay`: the start before
 *   they were saved);
 * - `withoutSnapshots`: the same log with snapshots off (each first scene load folds the
 *   canvas's whole stream);
 * - the baseline, measured in the same run: reading the whole log in pages and nothing else.
 * Reported: time to a started app, its RSS then and its peak RSS during the start, and each canvas's first scene load (what the first
 * `join-canvas` of that canvas waits for). Knobs: BENCH_STARTUP_CANVASES (default 20),
 * BENCH_STARTUP_EVENTS (per canvas, default 5000).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { Event } from '@tabula/domain';
import { excalidrawElement } from '@tabula/testing/elements';
import { DEFAULT_SNAPSHOT_INTERVAL } from '../src/features/canvases/history/sceneTimeline';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import { latencySummary, ratio } from './gateway/stats';

const CANVASES = Number(process.env.BENCH_STARTUP_CANVASES ?? 20);
const EVENTS_PER_CANVAS = Number(process.env.BENCH_STARTUP_EVENTS ?? 5_000);
/** Elements each canvas ends with: strokes drawn, then redrawn (new versions). */
const ELEMENTS_PER_CANVAS = 700;
const here = path.dirname(fileURLToPath(import.meta.url));

async function seed(dataDir: string): Promise<number> {
  const store = openSqliteEventStore<Event>({ dataDir });
  const metadata = () => ({
    eventId: randomUUID(),
    actorId: 'ada',
    occurredAt: new Date().toISOString(),
  });
  const points = Array.from({ length: 16 }, (_, k) => [k * 3, k]);
  for (let canvas = 0; canvas < CANVASES; canvas += 1) {
    const canvasId = `canvas-${canvas}`;
    let result = await store.append(
      `canvas-${canvasId}`,
      [
        {
          type: 'CanvasCreated',
          data: { canvasId, ownerId: 'ada', name: 'Bench' },
          metadata: metadata(),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    for (let from = 0; from < EVENTS_PER_CANVAS; from += 1_000) {
      const events = Array.from({ length: Math.min(1_000, EVENTS_PER_CANVAS - from) }, (_, i) => {
        const n = from + i;
        const element = excalidrawElement({
          id: `e${n % ELEMENTS_PER_CANVAS}`,
          type: 'freedraw',
          version: Math.floor(n / ELEMENTS_PER_CANVAS) + 1,
          points,
        });
        return { type: 'LineDrawn', data: { canvasId, elements: [element] }, metadata: metadata() };
      });
      result = await store.append(`canvas-${canvasId}`, events as Event[], {
        expectedRevision: result.nextRevision,
      });
    }
  }
  await store.close();
  return CANVASES * (EVENTS_PER_CANVAS + 1);
}

interface Probe {
  startMs: number;
  rssMb: number;
  peakRssMb: number;
  loads: number[];
}

function probe(dataDir: string, interval: number, mode = ''): Probe & { readMs: number } {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'startup/probe.ts'), dataDir, String(interval), mode],
    { cwd: path.join(here, '..'), env: { ...process.env, PROBE_CANVASES: String(CANVASES) } },
  );
  return JSON.parse(out.toString().trim().split('\n').pop()!);
}

function summary(run: Probe, baselineMs: number) {
  return {
    startMs: Math.round(run.startMs),
    startPerLogRead: ratio(run.startMs, baselineMs, 2),
    rssMb: Math.round(run.rssMb),
    peakRssMbDuringStart: Math.round(run.peakRssMb),
    peakPerRunningRss: ratio(run.peakRssMb, run.rssMb, 2),
    firstSceneLoad: latencySummary(run.loads),
  };
}

export async function run(): Promise<object> {
  const withDir = mkdtempSync(path.join(os.tmpdir(), 'tabula-startup-bench-'));
  const withoutDir = mkdtempSync(path.join(os.tmpdir(), 'tabula-startup-bench-'));
  try {
    const events = await seed(withDir);
    cpSync(withDir, withoutDir, { recursive: true });
    process.stderr.write(`[bench] startup: ${events} events seeded\n`);
    const baselineMs = probe(withDir, 0, 'readOnly').readMs;
    const first = probe(withDir, DEFAULT_SNAPSHOT_INTERVAL);
    const second = probe(withDir, DEFAULT_SNAPSHOT_INTERVAL);
    const fullReplay = probe(withDir, DEFAULT_SNAPSHOT_INTERVAL, 'fullReplay');
    const without = probe(withoutDir, 0);
    return {
      canvases: CANVASES,
      events,
      logReadMs: Math.round(baselineMs),
      withSnapshots: {
        firstStart: summary(first, baselineMs),
        secondStart: summary(second, baselineMs),
        secondStartFullReplay: summary(fullReplay, baselineMs),
        savedReadModelsSpeedup: ratio(fullReplay.startMs, second.startMs, 1),
      },
      withoutSnapshots: summary(without, baselineMs),
    };
  } finally {
    rmSync(withDir, { recursive: true, force: true });
    rmSync(withoutDir, { recursive: true, force: true });
  }
}
