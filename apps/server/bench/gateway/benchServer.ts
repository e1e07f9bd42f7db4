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
import { cpuWindow } from '../cpuWindow';
import type { BenchServer, HeldMemory, ServerRequest, ServerStats } from './benchServerContract';

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
  let window = cpuWindow();
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
      window = cpuWindow();
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
        cpu: window(),
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
