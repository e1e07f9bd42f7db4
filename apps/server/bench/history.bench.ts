/**
 * History benchmark (issue 9's figures), on a real SQLite log in BENCH_DIR (default: the OS
 * temp dir):
 * - the scene at a random revision of a canvas of 100,000 drawing events, warm, with scene
 *   snapshots every K revisions (several K) and, in the same run, without snapshots;
 * - a history page of 500 entries at a random place, with the grid scenes that earlier reads
 *   left in memory and, for comparison, cold (a fresh timeline per page: stored snapshots only);
 * - what writing snapshots costs the write path: commands through the real app (command
 *   handler, group commit, projections, snapshot writer) with and without, alternated.
 * Knobs: BENCH_HISTORY_EVENTS (default 100000), BENCH_HISTORY_SAMPLES (default 200),
 * BENCH_HISTORY_ONLY=writes or reads (one half alone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { CanvasEvent, Event, LineDrawn } from '@tabula/domain';
import { excalidrawElement } from '@tabula/testing/elements';
import { createApp } from '../src/app';
import { HistoryQueries } from '../src/features/canvases/history/historyQueries';
import {
  DEFAULT_SNAPSHOT_INTERVAL,
  SceneTimeline,
} from '../src/features/canvases/history/sceneTimeline';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import type { SqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import { createInMemoryReadModelStore } from '../src/infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../src/features/presence/index';
import { createInMemorySnapshotStore } from '../src/infrastructure/snapshots/inMemorySnapshotStore';
import { openSqliteSnapshotStore } from '../src/infrastructure/snapshots/sqliteSnapshotStore';
import { latencySummary, ratio } from './gateway/stats';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 200);
const INTERVALS = [500, 1000, 2000];
const LIVE_ELEMENTS = 1_000;
const CANVAS = 'bench-canvas';

const baseDir = process.env.BENCH_DIR ?? os.tmpdir();
const scratch: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(baseDir, 'tabula-history-bench-'));
  scratch.push(dir);
  return dir;
}

/** A small deterministic PRNG (mulberry32), so every run draws the same canvas. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A freehand stroke of 16 points. */
function stroke(id: string, version: number, x: number): Record<string, unknown> {
  const points = Array.from({ length: 16 }, (_, i) => [i * 3, Math.round(Math.sin(i) * 20)]);
  return excalidrawElement({ id, type: 'freedraw', version, x, y: 40, points, index: `a${id}` });
}

/**
 * `count` LineDrawn events of two authors on a long-lived board: strokes are drawn until
 * ~1,000 are live, then 4% of gestures draw a new stroke, 2% erase one and the rest move or
 * reshape one. The scene (tombstones included) ends near 3,000 elements: a scene's cost is
 * its size, so the benchmark states it (`sceneElements` in the report).
 */
function drawingEvents(count: number): LineDrawn[] {
  const next = random(9);
  const live = new Map<string, number>();
  let created = 0;
  const events: LineDrawn[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = next();
    const ids = [...live.keys()];
    let element: Record<string, unknown>;
    if (live.size < LIVE_ELEMENTS || roll < 0.04) {
      const id = `e${(created += 1)}`;
      live.set(id, 1);
      element = stroke(id, 1, Math.round(next() * 2000));
    } else {
      const id = ids[Math.floor(next() * ids.length)]!;
      const version = live.get(id)! + 1;
      element = stroke(id, version, Math.round(next() * 2000));
      if (roll > 0.98) {
        element.isDeleted = true;
        live.delete(id);
      } else live.set(id, version);
    }
    events.push({
      type: 'LineDrawn',
      data: { canvasId: CANVAS, elements: [element as never] },
      metadata: {
        eventId: randomUUID(),
        actorId: i % 2 ? 'ada' : 'bob',
        occurredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      },
    });
  }
  return events;
}

async function seed(store: SqliteEventStore<Event>): Promise<number> {
  const created: CanvasEvent = {
    type: 'CanvasCreated',
    data: { canvasId: CANVAS, ownerId: 'ada', name: 'Bench' },
    metadata: { eventId: randomUUID(), actorId: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' },
  };
  let result = await store.append(`canvas-${CANVAS}`, [created as Event], {
    expectedRevision: 'no_stream',
  });
  const events = drawingEvents(EVENTS);
  for (let i = 0; i < events.length; i += 1_000) {
    result = await store.append(`canvas-${CANVAS}`, events.slice(i, i + 1_000) as Event[], {
      expectedRevision: result.nextRevision,
    });
  }
  return result.nextRevision;
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Scene-at-revision latencies at `samples` random revisions (the answer serialised too). */
async function sceneLatencies(queries: HistoryQueries, head: number, samples: number) {
  const next = random(17);
  const latencies: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const revision = Math.floor(next() * (head + 1));
    latencies.push(
      await timed(async () => JSON.stringify(await queries.sceneAt(CANVAS, revision))),
    );
  }
  return latencySummary(latencies);
}

/** Latencies of history pages of 500 entries ending at random revisions. */
async function pageLatencies(queriesFor: () => HistoryQueries, head: number, samples: number) {
  const next = random(23);
  const latencies: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const before = 500 + Math.floor(next() * (head - 500));
    const queries = queriesFor();
    latencies.push(
      await timed(async () =>
        JSON.stringify(await queries.page(CANVAS, head, { limit: 500, before })),
      ),
    );
  }
  return latencySummary(latencies);
}

async function readPath(store: SqliteEventStore<Event>, head: number) {
  let logBytes = 0;
  for (const record of await store.readStream(`canvas-${CANVAS}`))
    logBytes += JSON.stringify(record.event).length;
  const readModels = createInMemoryReadModelStore();
  const byInterval: Record<string, unknown> = {};
  let pages: ReturnType<typeof latencySummary> | undefined;
  let coldPages: ReturnType<typeof latencySummary> | undefined;
  for (const interval of INTERVALS) {
    const snapshots = openSqliteSnapshotStore({ dataDir: freshDir() });
    const timeline = new SceneTimeline({ eventStore: store, snapshots, interval });
    const queries = new HistoryQueries({ eventStore: store, readModels, timeline });
    const buildMs = await timed(() => timeline.sceneAt(CANVAS, head));
    process.stderr.write(`[bench] history: snapshots every ${interval} built\n`);
    let snapshotBytes = 0;
    const stored = await snapshots.revisions(CANVAS);
    for (const revision of stored)
      snapshotBytes += (await snapshots.latest(CANVAS, revision))!.body.length;
    byInterval[String(interval)] = {
      snapshotsBuiltMs: Math.round(buildMs),
      snapshots: stored.length,
      snapshotBytesPerLogByte: ratio(snapshotBytes, logBytes, 3),
      sceneAtRevision: await sceneLatencies(queries, head, SAMPLES),
    };
    if (interval === DEFAULT_SNAPSHOT_INTERVAL) {
      pages = await pageLatencies(() => queries, head, SAMPLES);
      // Cold: a fresh timeline each time (no grid scene in memory), as after a restart.
      coldPages = await pageLatencies(
        () =>
          new HistoryQueries({
            eventStore: store,
            readModels,
            timeline: new SceneTimeline({ eventStore: store, snapshots, interval }),
          }),
        head,
        Math.max(5, Math.round(SAMPLES / 4)),
      );
    }
    await snapshots.close();
  }
  const bare = new SceneTimeline({
    eventStore: store,
    snapshots: createInMemorySnapshotStore(),
    interval: 0,
  });
  const withoutSnapshots = await sceneLatencies(
    new HistoryQueries({ eventStore: store, readModels, timeline: bare }),
    head,
    Math.max(5, Math.round(SAMPLES / 20)),
  );
  return { byInterval, withoutSnapshots, historyPage500: pages!, historyPage500Cold: coldPages! };
}

/**
 * Drawing commands through the real app, snapshots every `interval` (0: none): commands per
 * second of wall time and of this process's CPU time (the CPU figure is what other processes'
 * load on a shared machine disturbs least).
 */
async function writeThroughput(
  interval: number,
  commands: number,
): Promise<{ wall: number; cpu: number }> {
  const dataDir = freshDir();
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const snapshots = openSqliteSnapshotStore({ dataDir });
  const app = await createApp({
    eventStore,
    readModels: createInMemoryReadModelStore(),
    presence: createInMemoryPresenceStore(),
    snapshots,
    snapshotInterval: interval,
    logError: () => undefined,
  });
  const { canvases, projections } = app.context;
  const stream = `canvas-${CANVAS}`;
  const metadata = () => ({ actorId: 'ada', now: new Date().toISOString(), eventId: randomUUID() });
  await canvases.handle(stream, {
    type: 'CreateCanvas',
    data: { canvasId: CANVAS, name: 'Bench' },
    metadata: metadata(),
  });
  const events = drawingEvents(commands);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let position = 0;
  for (let i = 0; i < events.length; i += 100) {
    const wave = events.slice(i, i + 100).map((event) =>
      canvases.handle(stream, {
        type: 'DrawLine',
        data: {
          canvasId: CANVAS,
          elements: event.data.elements,
        },
        metadata: metadata(),
      }),
    );
    for (const result of await Promise.all(wave)) position = Math.max(position, result.position);
  }
  await projections.waitFor(position);
  await app.context.snapshotsSettled();
  const cpu = process.cpuUsage(cpuStarted);
  const perSecond = {
    wall: commands / ((performance.now() - started) / 1000),
    cpu: commands / ((cpu.user + cpu.system) / 1e6),
  };
  await app.close();
  await snapshots.close();
  await eventStore.close();
  return perSecond;
}

async function writePath() {
  const commands = Math.min(50_000, EVENTS);
  const rounds = 5;
  const withSnapshots: { wall: number; cpu: number }[] = [];
  const without: { wall: number; cpu: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    without.push(await writeThroughput(0, commands));
    withSnapshots.push(await writeThroughput(DEFAULT_SNAPSHOT_INTERVAL, commands));
    process.stderr.write(`[bench] history: write round ${round + 1} of ${rounds}\n`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[rounds >> 1]!;
  const wall = [median(withSnapshots.map((r) => r.wall)), median(without.map((r) => r.wall))];
  const cpu = [median(withSnapshots.map((r) => r.cpu)), median(without.map((r) => r.cpu))];
  return {
    commands,
    rounds,
    perWallSecond: { withSnapshots: Math.round(wall[0]!), without: Math.round(wall[1]!) },
    perCpuSecond: { withSnapshots: Math.round(cpu[0]!), without: Math.round(cpu[1]!) },
    wallRatio: ratio(wall[0]!, wall[1]!, 3),
    cpuRatio: ratio(cpu[0]!, cpu[1]!, 3),
  };
}

export async function run(): Promise<object> {
  try {
    const only = process.env.BENCH_HISTORY_ONLY;
    if (only === 'writes') return { writes: await writePath() };
    const store = openSqliteEventStore<Event>({ dataDir: freshDir() });
    const head = await seed(store);
    process.stderr.write(`[bench] history: ${head} events seeded\n`);
    const reads = await readPath(store, head);
    const sceneElements = Object.keys(
      await new SceneTimeline({
        eventStore: store,
        snapshots: createInMemorySnapshotStore(),
        interval: 0,
      }).sceneAt(CANVAS, head),
    ).length;
    await store.close();
    if (only === 'reads') return { sceneElements, ...reads };
    const writes = await writePath();
    const chosen = reads.byInterval[String(DEFAULT_SNAPSHOT_INTERVAL)] as {
      sceneAtRevision: { p95Ms: number | null };
    };
    return {
      events: EVENTS,
      liveElements: LIVE_ELEMENTS,
      sceneElements,
      snapshotInterval: DEFAULT_SNAPSHOT_INTERVAL,
      ...reads,
      writes,
      goals: {
        sceneAtRevisionP95Ms: { goal: '<= 100', measured: chosen.sceneAtRevision.p95Ms },
        sceneWithoutSnapshotsP95Ms: { baseline: reads.withoutSnapshots.p95Ms },
        historyPage500P95Ms: {
          goal: '<= 50',
          measured: reads.historyPage500.p95Ms,
          coldTimeline: reads.historyPage500Cold.p95Ms,
        },
        snapshotWriteCost: {
          goal: 'with / without >= 0.95 (commands per CPU second; wall time beside it)',
          measured: writes.cpuRatio,
          wall: writes.wallRatio,
        },
      },
    };
  } finally {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
}
