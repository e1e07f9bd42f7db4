/**
 * Event store benchmark: append throughput of the SQLite store through its own API, against
 * a raw better-sqlite3 baseline writing the same rows with the same schema and pragmas, and
 * readAll throughput. Each pair alternates store and raw runs (5 × 0.8 s each) so that load
 * from other processes hits both alike. Data goes to BENCH_DIR (default: the OS temp dir).
 * `storeEventLoopDelayMs`: the main event loop's delay while the store appends (sampled every
 * millisecond), i.e. how long a socket would wait behind the store's writes.
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import Database from 'better-sqlite3';

import { postgresAppends } from './eventStore/postgresAppends';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import {
  applyDurablePragmas,
  createEventsTable,
  EVENTS_FILE_NAME,
} from '../src/infrastructure/eventStore/sqliteSchema';
import type { SqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';

const SLICE_MS = 800;
const SLICES = 5;
const WARMUP_MS = 200;
const GOAL_RATIO = 0.8;

interface BenchEvent {
  type: string;
  data: { canvasId: string; elements: string };
  metadata: { eventId: string; actorId: string; occurredAt: string };
}

let sequence = 0;

/** An event whose JSON is about `bytes` long, like a LineDrawn carrying element upserts. */
function benchEvent(writer: number, bytes: number): BenchEvent {
  sequence += 1;
  const event: BenchEvent = {
    type: 'LineDrawn',
    data: { canvasId: `canvas-${writer}`, elements: '' },
    metadata: {
      eventId: `bench-${sequence}`,
      actorId: 'bench',
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
  };
  const filler = '{"id":"el","x":12.5,"y":-3.25,"points":[[0,0],[1,2]]},';
  const missing = Math.max(0, bytes - JSON.stringify(event).length);
  event.data.elements = filler.repeat(Math.ceil(missing / filler.length)).slice(0, missing);
  return event;
}

const baseDir = process.env.BENCH_DIR ?? os.tmpdir();
const scratch: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(baseDir, 'tabula-bench-'));
  scratch.push(dir);
  return dir;
}

/**
 * A raw writer on its own file: the same table and indexes as the store, its durability
 * pragmas, and SQLite's default page cache (the store's writer keeps a smaller one,
 * `WRITER_CACHE_PRAGMA`; the ratio includes what that costs).
 */
function openRaw() {
  const db = new Database(path.join(freshDir(), EVENTS_FILE_NAME));
  applyDurablePragmas(db);
  createEventsTable(db);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, event_id, type, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const revisions = new Map<string, number>();
  const writeBatch = db.transaction((rows: { stream: string; event: BenchEvent }[]) => {
    const recordedAt = new Date().toISOString();
    for (const { stream, event } of rows) {
      const revision = revisions.get(stream) ?? 0;
      insert.run(
        stream,
        revision,
        event.metadata.eventId,
        event.type,
        JSON.stringify(event),
        recordedAt,
      );
      revisions.set(stream, revision + 1);
    }
  });
  return { writeBatch, close: () => db.close() };
}

/** Runs `step` until `ms` elapse; returns how many events it wrote. */
async function forDuration(ms: number, step: () => Promise<number> | number): Promise<number> {
  const deadline = performance.now() + ms;
  let events = 0;
  while (performance.now() < deadline) events += await step();
  return events;
}

const lastRevisions = new WeakMap<object, Map<number, number>>();

/** Writers, each on its own stream, awaiting each append before the next. */
async function storeWriters(
  store: SqliteEventStore<BenchEvent>,
  writers: number,
  bytes: number,
  ms: number,
) {
  const latencies: number[] = [];
  const revisions = lastRevisions.get(store) ?? new Map<number, number>();
  lastRevisions.set(store, revisions);
  const counts = await Promise.all(
    Array.from({ length: writers }, (_, w) =>
      forDuration(ms, async () => {
        const event = benchEvent(w, bytes);
        const started = performance.now();
        const { nextRevision } = await store.append(`canvas-${w}`, [event], {
          expectedRevision: revisions.get(w) ?? 'no_stream',
        });
        latencies.push(performance.now() - started);
        revisions.set(w, nextRevision);
        return 1;
      }),
    ),
  );
  return { events: counts.reduce((a, b) => a + b, 0), latencies };
}

function rawBatches(raw: ReturnType<typeof openRaw>, batchSize: number, bytes: number, ms: number) {
  return forDuration(ms, () => {
    raw.writeBatch(
      Array.from({ length: batchSize }, (_, w) => ({
        stream: `canvas-${w}`,
        event: benchEvent(w, bytes),
      })),
    );
    return batchSize;
  });
}

function cpuMicros(usage: NodeJS.CpuUsage): number {
  return usage.user + usage.system;
}

function percentile(sorted: number[], p: number): number {
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2),
  );
}

/** Store vs raw for `writers` concurrent writers; raw commits `writers` rows per transaction. */
async function compare(writers: number, bytes: number) {
  const store = openSqliteEventStore<BenchEvent>({ dataDir: freshDir() });
  const raw = openRaw();
  await storeWriters(store, writers, bytes, WARMUP_MS);
  await rawBatches(raw, writers, bytes, WARMUP_MS);

  let storeEvents = 0;
  let rawEvents = 0;
  let storeCpu = 0;
  let rawCpu = 0;
  const latencies: number[] = [];
  // How long the event loop stalls while the store appends: what sockets would wait for.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  for (let slice = 0; slice < SLICES; slice += 1) {
    let cpu = process.cpuUsage();
    loopDelay.enable();
    const run = await storeWriters(store, writers, bytes, SLICE_MS);
    loopDelay.disable();
    storeCpu += cpuMicros(process.cpuUsage(cpu));
    storeEvents += run.events;
    latencies.push(...run.latencies);
    cpu = process.cpuUsage();
    rawEvents += await rawBatches(raw, writers, bytes, SLICE_MS);
    rawCpu += cpuMicros(process.cpuUsage(cpu));
  }
  raw.close();
  const seconds = (SLICES * SLICE_MS) / 1000;
  const storeRate = storeEvents / seconds;
  const rawRate = rawEvents / seconds;
  latencies.sort((a, b) => a - b);
  const result = {
    writers,
    eventBytes: bytes,
    store: {
      eventsPerSecond: Math.round(storeRate),
      mbPerSecond: Number(((storeRate * bytes) / 1e6).toFixed(2)),
      cpuMicrosPerEvent: Math.round(storeCpu / storeEvents),
    },
    rawBaseline: {
      rowsPerTransaction: writers,
      cpuMicrosPerEvent: Math.round(rawCpu / rawEvents),
      eventsPerSecond: Math.round(rawRate),
      mbPerSecond: Number(((rawRate * bytes) / 1e6).toFixed(2)),
    },
    ratio: Number((storeRate / rawRate).toFixed(3)),
    appendLatencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    storeEventLoopDelayMs: {
      p50: Number((loopDelay.percentile(50) / 1e6).toFixed(2)),
      p99: Number((loopDelay.percentile(99) / 1e6).toFixed(2)),
      max: Number((loopDelay.max / 1e6).toFixed(2)),
    },
  };
  return { result, store };
}

async function readAllThroughput(store: SqliteEventStore<BenchEvent>) {
  const started = performance.now();
  let events = 0;
  let bytes = 0;
  for (let from = 0; ;) {
    const page = await store.readAll({ fromPosition: from, maxCount: 1_000 });
    if (page.length === 0) break;
    events += page.length;
    for (const r of page) bytes += r.event.data.elements.length;
    from = page[page.length - 1]!.position;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    pageSize: 1_000,
    eventsPerSecond: Math.round(events / seconds),
    payloadMbPerSecond: Number((bytes / 1e6 / seconds).toFixed(1)),
  };
}

const FS_TYPES: Record<number, string> = {
  0x01021994: 'tmpfs',
  0xef53: 'ext4',
  0x794c7630: 'overlayfs',
  0x58465342: 'xfs',
  0x9123683e: 'btrfs',
};

export async function run(): Promise<object> {
  try {
    const fsType = statfsSync(baseDir).type;
    const say = (msg: string): boolean => process.stderr.write(`[bench:eventStore] ${msg}\n`);

    say('1 writer, 1 KB events');
    const single = await compare(1, 1_000);
    await single.store.close();

    say('50 writers, 1 KB events');
    const fifty1k = await compare(50, 1_000);
    say('readAll');
    const readAll = await readAllThroughput(fifty1k.store);
    await fifty1k.store.close();

    say('50 writers, 7 KB events');
    const fifty7k = await compare(50, 7_000);
    await fifty7k.store.close();

    say('PostgreSQL: 50 writers, 1 KB events');
    const postgres = await postgresAppends({
      writers: 50,
      bytes: 1_000,
      sliceMs: SLICE_MS,
      slices: SLICES,
      event: benchEvent,
    });

    return {
      dataDir: baseDir,
      fileSystem: FS_TYPES[fsType] ?? `0x${fsType.toString(16)}`,
      pragmas: { journal_mode: 'WAL', synchronous: 'FULL' },
      note: 'ratio = store events/s ÷ raw events/s; the raw baseline commits one transaction of <writers> rows at a time (the best a group commit can form).',
      goal: `ratio ≥ ${GOAL_RATIO} with 50 writers`,
      meetsGoal: fifty1k.result.ratio >= GOAL_RATIO && fifty7k.result.ratio >= GOAL_RATIO,
      append: {
        oneWriter1KB: single.result,
        fiftyWriters1KB: fifty1k.result,
        fiftyWriters7KB: fifty7k.result,
      },
      readAll,
      postgres,
    };
  } finally {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
}
