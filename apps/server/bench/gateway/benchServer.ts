/**
 * A server process for the gateway benchmark, so its CPU and RSS are its own: the real Tabula
 * app (`tabulaServer.ts`) or a bare Socket.IO relay (`relayServer.ts`), each loading only its
 * own code. Driven over IPC by `serverProcess.ts`, one answer per request, in order:
 * `{ type: 'fixture', rooms, perRoom }` → `{ fixture }` (tokens and canvas ids);
 * `{ type: 'start' }` → `{}` (CPU and peak RSS count from here);
 * `{ type: 'stats' }` → `ServerStats` since the last start;
 * `{ type: 'held' }` → `HeldMemory`: after a full garbage collection, what the process keeps.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

export interface Fixture {
  rooms: { canvasId: string; tokens: string[] }[];
}

export interface BenchServer {
  url: string;
  /** Where the server keeps its files; removed by the parent once the process is gone. */
  dataDir?: string;
  fixture(rooms: number, perRoom: number): Promise<Fixture>;
  /** Bytes of scene text the server keeps for open canvases (a cache it bounds); none: 0. */
  sceneBytes?(): number;
}

export interface ServerStats {
  cpuUserMs: number;
  cpuSystemMs: number;
  rssStartBytes: number;
  rssPeakBytes: number;
  rssBytes: number;
  /** Event-loop delay since the last start (p99 and max, ms). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** What the process keeps once garbage is collected (the soak's growth, without GC's sawtooth). */
export interface HeldMemory {
  rssBytes: number;
  heapUsedBytes: number;
  /** V8's heap as reserved from the system (used or not). */
  heapTotalBytes: number;
  /** Memory outside the JS heap that JS objects hold (Buffers, ArrayBuffers). */
  externalBytes: number;
  /** See `BenchServer.sceneBytes`. */
  sceneBytes: number;
  /** Of the RSS, anonymous memory (heaps, malloc) and file-backed pages (code, mapped files). */
  rssAnonBytes: number;
  rssFileBytes: number;
  /** V8's heap by space (`new_space`, `old_space`, ...): reserved and in use. */
  heapSpaces: Record<string, { sizeBytes: number; usedBytes: number }>;
}

/** RssAnon and RssFile of /proc/self/status, in bytes (NaN where there is no /proc). */
function rssParts(): { rssAnonBytes: number; rssFileBytes: number } {
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    // not Linux
  }
  const kib = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rssAnonBytes: kib('RssAnon'), rssFileBytes: kib('RssFile') };
}

export type ServerRequest =
  | { type: 'fixture'; rooms: number; perRoom: number }
  | { type: 'start' }
  | { type: 'stats' }
  | { type: 'held' };

/** Memory after a full collection (the process runs with --expose-gc). */
function heldMemory(server: BenchServer): HeldMemory {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return {
    rssBytes: rss,
    heapUsedBytes: heapUsed,
    heapTotalBytes: heapTotal,
    externalBytes: external,
    sceneBytes: server.sceneBytes?.() ?? 0,
    ...rssParts(),
    heapSpaces: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((space) => [
          space.space_name,
          { sizeBytes: space.space_size, usedBytes: space.space_used_size },
        ]),
    ),
  };
}

/**
 * CPU and peak RSS since the last `start`; RSS is sampled every 25 ms, often enough for the
 * peak and cheap enough not to weigh on the CPU figure.
 */
function meter() {
  let cpu = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let rssPeak = 0;
  let rssStart = 0;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  };
  setInterval(sample, 25).unref();
  return {
    start() {
      cpu = process.cpuUsage();
      loop.reset();
      rssPeak = 0;
      sample();
      rssStart = rssPeak;
    },
    stats(): ServerStats {
      sample();
      const used = process.cpuUsage(cpu);
      return {
        cpuUserMs: used.user / 1000,
        cpuSystemMs: used.system / 1000,
        rssStartBytes: rssStart,
        rssPeakBytes: rssPeak,
        rssBytes: process.memoryUsage.rss(),
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        loopDelayMaxMs: loop.max / 1e6,
      };
    },
  };
}

const server =
  process.argv[2] === 'relay'
    ? await (await import('./relayServer')).startRelay()
    : await (await import('./tabulaServer')).startTabula();
const usage = meter();
process.on('message', (request: ServerRequest) => {
  void (async () => {
    if (request.type === 'start') {
      usage.start();
      process.send!({});
    } else if (request.type === 'stats') process.send!(usage.stats());
    else if (request.type === 'held') process.send!(heldMemory(server));
    else process.send!({ fixture: await server.fixture(request.rooms, request.perRoom) });
  })();
});
process.on('SIGINT', () => process.exit(0));
process.send!({ url: server.url, dataDir: server.dataDir });
