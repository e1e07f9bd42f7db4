/**
 * Soak: 100 clients in 10 rooms, every client drawing real gestures (`gateway/gesture.ts`:
 * 120-point strokes at 60 Hz as ink point patches, then a commit with timing) back to back for
 * BENCH_SOAK_S seconds (default 600), against the real app in its own process with the SQLite
 * log. The load runs in windows of WINDOW_GESTURES gestures per client; after each window the
 * server's RSS and the log's size are read. Reported: ink and commit latency (p99 per window:
 * median and worst, and overall for commits), errors (refused commits, `error` events,
 * undelivered commits), server RSS at start (the first window after a warm-up of WARMUP_S:
 * the first windows fill the heap, the socket buffers and the JIT's code), middle and end,
 * with the end's ratio over both (flat within 10% is the goal), as read and after a full
 * garbage collection (what the server keeps, without the collector's sawtooth), and log bytes
 * per committed gesture.
 *
 * The open canvases' content is a cache the server bounds (`SCENE_MEMORY_MB`; beyond it a
 * scene keeps only a stamp per element), and 100 people drawing fill any bound in time. The
 * soak runs with SCENE_MEMORY_MB=1 unless told otherwise, so the bound is reached in the
 * warm-up and the curve shows whether anything else grows; the report gives the setting.
 * Not in CI and not in a plain `npm run bench`: `npm run bench -s -- soak`.
 */
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from './gateway/drawLoad';
import { connectRoom, disconnectAll } from './gateway/roomClients';
import { startServer } from './gateway/serverProcess';
import { latencySummary, median, ratio, round } from './gateway/stats';

const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 600);
const ROOMS = 10;
const PER_ROOM = 10;
/** Gestures per client in one window (~10 s of drawing). */
const WINDOW_GESTURES = 5;
const DRAIN_MS = 3000;
/** Seconds of drawing before the RSS counted as the start (a quarter of a short soak). */
const WARMUP_S = Math.min(30, SOAK_S / 4);
/** The goal: RSS at the end within this ratio of the start's and the middle's. */
const FLAT_RATIO = 1.1;
const MB = 1024 * 1024;

/** The bench server's data directories (it makes one `tabula-bench-*` per process). */
function benchDirs(): Set<string> {
  const root = process.env.BENCH_DIR ?? os.tmpdir();
  return new Set(
    readdirSync(root)
      .filter((name) => name.startsWith('tabula-bench-'))
      .map((name) => path.join(root, name)),
  );
}

/** The SQLite log's bytes on disk (main file and write-ahead log). */
function logBytes(dataDir: string | undefined): number {
  if (!dataDir) return NaN;
  return ['events.sqlite', 'events.sqlite-wal']
    .map((file) => path.join(dataDir, file))
    .reduce((sum, file) => {
      try {
        return sum + statSync(file).size;
      } catch {
        return sum;
      }
    }, 0);
}

interface Window {
  atS: number;
  inkToPeerP99Ms: number | null;
  commitAckP99Ms: number | null;
  commitToPeerP99Ms: number | null;
  gestures: number;
  refused: number;
  serverErrors: number;
  commitsUndelivered: number;
  inkDeliveredRatio: number | null;
  rssMb: number;
  /** RSS and heap in use after a full garbage collection. */
  heldRssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  sceneMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  /** V8's young generation as reserved, and the old generation's reserved but unused. */
  newSpaceMb: number;
  oldSpaceFreeMb: number;
  logBytes: number;
}

export async function run(): Promise<object> {
  const before = benchDirs();
  const sceneMemoryMb = process.env.SCENE_MEMORY_MB ?? '1';
  const server = await startServer('tabula', { SCENE_MEMORY_MB: sceneMemoryMb });
  const dataDir = [...benchDirs()].find((dir) => !before.has(dir));
  try {
    const fixture = await server.fixture(ROOMS, PER_ROOM);
    const rooms = await Promise.all(
      fixture.rooms.map((room) => connectRoom(server.url, room.canvasId, room.tokens)),
    );
    await server.start();
    const atStart = await server.stats();
    const logAtStart = logBytes(dataDir);
    const windows: Window[] = [];
    const commitAcks: number[] = [];
    const started = performance.now();
    while (performance.now() - started < SOAK_S * 1000) {
      const load = await runLoad(rooms, {
        kind: 'patches',
        drawers: 'all',
        gestures: WINDOW_GESTURES,
        drainMs: DRAIN_MS,
        strokePrefix: `w${windows.length}-`,
      });
      const stats = await server.stats();
      const held = await server.held();
      commitAcks.push(...load.commits.ackMs);
      const window: Window = {
        atS: round((performance.now() - started) / 1000, 0)!,
        inkToPeerP99Ms: latencySummary(load.frames.toPeerMs).p99Ms,
        commitAckP99Ms: latencySummary(load.commits.ackMs).p99Ms,
        commitToPeerP99Ms: latencySummary(load.commits.toPeerMs).p99Ms,
        gestures: load.commits.sent,
        refused: load.commits.refused,
        serverErrors: load.serverErrors,
        commitsUndelivered: load.commits.offered - load.commits.delivered,
        inkDeliveredRatio: ratio(load.frames.delivered, load.frames.offered, 4),
        rssMb: round(stats.rssBytes / MB)!,
        heldRssMb: round(held.rssBytes / MB)!,
        heapUsedMb: round(held.heapUsedBytes / MB)!,
        heapTotalMb: round(held.heapTotalBytes / MB)!,
        externalMb: round(held.externalBytes / MB)!,
        sceneMb: round(held.sceneBytes / MB)!,
        rssAnonMb: round(held.rssAnonBytes / MB)!,
        rssFileMb: round(held.rssFileBytes / MB)!,
        newSpaceMb: round((held.heapSpaces.new_space?.sizeBytes ?? NaN) / MB)!,
        oldSpaceFreeMb: round(
          ((held.heapSpaces.old_space?.sizeBytes ?? NaN) -
            (held.heapSpaces.old_space?.usedBytes ?? NaN)) /
            MB,
        )!,
        logBytes: logBytes(dataDir),
      };
      windows.push(window);
      process.stderr.write(`[bench] soak ${JSON.stringify(window)}\n`);
    }
    disconnectAll(rooms);
    const first = windows.find((w) => w.atS >= WARMUP_S) ?? windows[0]!;
    const middle = windows[Math.floor((windows.indexOf(first) + windows.length - 1) / 2)]!;
    const last = windows[windows.length - 1]!;
    /** A curve's start, middle and end, and whether it stays within FLAT_RATIO. */
    const flatness = (of: (w: Window) => number) => {
      const [start, mid, end] = [of(first), of(middle), of(last)];
      const endOverStart = ratio(end, start, 3);
      const endOverMiddle = ratio(end, mid, 3);
      return {
        start,
        middle: mid,
        end,
        endOverStart,
        endOverMiddle,
        flat: (endOverStart ?? Infinity) <= FLAT_RATIO && (endOverMiddle ?? Infinity) <= FLAT_RATIO,
        curve: windows.map((w) => [w.atS, of(w)]),
      };
    };
    const gestures = windows.reduce((sum, w) => sum + w.gestures, 0);
    const sum = (key: 'refused' | 'serverErrors' | 'commitsUndelivered') =>
      windows.reduce((total, w) => total + w[key], 0);
    const inkP99s = windows.map((w) => w.inkToPeerP99Ms ?? NaN).filter(Number.isFinite);
    return {
      seconds: SOAK_S,
      clients: ROOMS * PER_ROOM,
      rooms: ROOMS,
      sceneMemoryMb: Number(sceneMemoryMb),
      windows: windows.length,
      gestures,
      latency: {
        inkToPeerP99Ms: { medianOfWindows: median(inkP99s), worstWindow: Math.max(...inkP99s) },
        commitAck: latencySummary(commitAcks),
        commitToPeerP99MsWorstWindow: Math.max(...windows.map((w) => w.commitToPeerP99Ms ?? 0)),
      },
      errors: {
        refusedCommits: sum('refused'),
        serverErrorEvents: sum('serverErrors'),
        commitsUndelivered: sum('commitsUndelivered'),
        inkDeliveredRatioWorstWindow: Math.min(...windows.map((w) => w.inkDeliveredRatio ?? 1)),
      },
      serverRssMb: {
        beforeDrawing: round(atStart.rssBytes / MB),
        firstWindow: windows[0]!.rssMb,
        atS: { warmUp: WARMUP_S, start: first.atS, middle: middle.atS, end: last.atS },
        definition:
          'RSS after each window of drawing; start: the first window ending after the ' +
          'warm-up; middle: the window halfway from the start to the end',
        asRead: flatness((w) => w.rssMb),
        // What the server keeps, without the garbage collector's sawtooth.
        afterFullGc: flatness((w) => w.heldRssMb),
        heapUsedAfterFullGc: flatness((w) => w.heapUsedMb),
        // The rest once the open canvases' content is set aside: the current scenes are a
        // cache of it that SCENE_MEMORY_MB bounds, and it grows with what is drawn.
        sceneTextHeld: flatness((w) => w.sceneMb),
        afterFullGcBesideScenes: flatness((w) => round(w.heldRssMb - w.sceneMb)!),
        // RSS in three parts: memory outside the JavaScript heap (the SQLite worker, sockets'
        // buffers, code), the heap in use beside the scenes' text, and the heap V8 keeps free.
        outsideHeap: flatness((w) => round(w.heldRssMb - w.heapTotalMb)!),
        heapUsedBesideScenes: flatness((w) => round(w.heapUsedMb - w.sceneMb)!),
        heapFree: flatness((w) => round(w.heapTotalMb - w.heapUsedMb)!),
        // Of it: the young generation (its size follows the allocation rate) and the old
        // generation's free pages.
        newSpace: flatness((w) => w.newSpaceMb),
        oldSpaceFree: flatness((w) => w.oldSpaceFreeMb),
        // The same RSS by kind of page: anonymous (heaps, malloc) and file-backed (code).
        anonymous: flatness((w) => w.rssAnonMb),
        fileBacked: flatness((w) => w.rssFileMb),
      },
      log: {
        bytesGrown: last.logBytes - logAtStart,
        bytesPerGesture: round((last.logBytes - logAtStart) / gestures, 0),
      },
    };
  } finally {
    await server.stop();
  }
}
