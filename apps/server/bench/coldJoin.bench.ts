/**
 * Cold join of a 50,000-element canvas (`npx tsx bench/index.ts coldJoin`): the canvas is drawn
 * (2,000 drawings of 25 strokes, a snapshot at revision 1,000 as a history read stores it), then
 * the server restarts on the same data directory, in a process of its own
 * (`coldJoin/coldServerMain.ts`: its heap holds nothing of the drawing, as after a real restart),
 * and one socket joins it while another user commits on another canvas without pause. Each load
 * after its own restart: the old one (the whole scene in one turn: `CurrentScenes.sliced =
 * false`), the load in slices of the event loop's turns, and the load in the scene load thread
 * (`sceneLoadThread.ts`, the embedded server's way); the last two each twice, the scene sent as
 * chunks over the socket and over HTTP as a browser asks for it (`download`: gzipped on the
 * thread pool, text encoded in slices). Reported for each: the server's event-loop delay during
 * the join (max, p99) and its garbage collections (young-generation scavenges and the rest:
 * count, total, longest), the other room's commit-ack p50/p99 during the join against a quiet
 * window of the same run, refusals, the joiner's time to its ack and to its last chunk, and
 * how the server's main thread and the machine's cores spent both windows (`cpuWindow.ts`). The
 * other room's client and the joiner run in worker threads, as remote users on machines of
 * their own: their turns never wait behind the server's, and the joiner's parsing of the scene
 * is not the server's; the joiner also runs below the server's threads (SCHED_IDLE on Linux),
 * so its inflating and gunzipping of the scene takes no core the server wants. The canvas
 * aggregate is cold too, and the join folds it from the whole stream inside the measured
 * window: on the event loop in slices (`CommandHandler.catchUp`) for the first two loads, on
 * the scene load thread for the third (`SceneLoadThread.aggregates`).
 *
 * Knobs: BENCH_COLD_SKIP_BEFORE=1 (no old one-turn load), BENCH_COLD_ONLY=thread_chunks,…
 * (only the joins of these report names), BENCH_COLD_NODE_FLAGS (the server process's),
 * BENCH_COLD_JOINER_NORMAL=1 (the joiner at normal priority: the run shares its session with
 * busy processes, behind which a joiner under SCHED_IDLE would starve).
 */
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { COLD_CANVASES, coldToken, drawBigCanvas } from './coldJoin/coldServer';
import { coldServerProcess } from './coldJoin/coldServerProcess';
import type { ColdLoad } from './coldJoin/coldServerProcess';
import { percentile } from './coldJoin/stats';

const ELEMENTS = 50_000;
const QUIET_MS = 2_000;

/** Answers the worker's next message that is not a `take` answer (a state it reached). */
function next(worker: Worker, state: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const heard = (message: unknown) => {
      if (message !== state) return;
      worker.off('message', heard);
      resolve();
    };
    worker.on('message', heard);
    worker.once('error', reject);
  });
}

/**
 * Another user committing one small drawing after another on `canvasId` (in a worker thread,
 * `coldJoin/otherRoom.mjs`) until `stop()`; `take()` gives the ack times in ms since the last.
 */
async function drawWithoutPause(url: string, canvasId: string) {
  const worker = new Worker(new URL('./coldJoin/otherRoom.mjs', import.meta.url), {
    workerData: { url, token: coldToken('drawer'), canvasId },
  });
  await next(worker, 'drawing');
  let refused = 0;
  const take = () =>
    new Promise<number[]>((resolve) => {
      const answer = (message: unknown) => {
        if (typeof message !== 'object' || message === null) return;
        worker.off('message', answer);
        const taken = message as { acks: number[]; refused: number };
        refused = taken.refused;
        resolve(taken.acks);
      };
      worker.on('message', answer);
      worker.postMessage('take');
    });
  return {
    take,
    refused: () => refused,
    stop: async () => {
      worker.postMessage('stop');
      await next(worker, 'stopped');
      await worker.terminate();
    },
  };
}

async function coldJoin(dataDir: string, load: ColdLoad, download = false) {
  const server = await coldServerProcess(dataDir, load);
  try {
    const drawing = await drawWithoutPause(server.url, COLD_CANVASES.other);
    // The joiner is a raw WebSocket client in a worker thread: it parses none of the scene, it
    // is loaded before the quiet window, and it runs below the server (SCHED_IDLE): a remote
    // user's start-up and decompression are not the server's work.
    const joiner = new Worker(new URL('./presence/joinClients.mjs', import.meta.url), {
      workerData: {
        url: server.url,
        token: coldToken('owner'),
        canvasId: COLD_CANVASES.big,
        joins: 1,
        download,
        onGo: true,
        belowServer: process.platform === 'linux' && !process.env.BENCH_COLD_JOINER_NORMAL,
      },
    });
    await next(joiner, 'ready');
    await drawing.take(); // the commits of the joiner's start-up are in neither window
    await server.quiet();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const quiet = await drawing.take();
    const quietCpu = await server.start();
    joiner.postMessage('go');
    const [joined] = await new Promise<{ how: string; ackMs: number; ms: number }[]>(
      (resolve, reject) => {
        joiner.once('message', resolve);
        joiner.once('error', reject);
      },
    );
    await joiner.terminate();
    const ackMs = joined!.ackMs;
    const lastChunkMs = joined!.ms;
    const { eventLoopDelayMs, gc, cpu } = await server.stop();
    const during = await drawing.take();
    await drawing.stop();
    const round = (value: number) => Number(value.toFixed(1));
    return {
      ack: joined!.how,
      eventLoopDelayMs,
      otherRoomAckMs: {
        quiet: {
          p50: round(percentile(quiet, 50)),
          p99: round(percentile(quiet, 99)),
          n: quiet.length,
        },
        duringJoin: {
          p50: round(percentile(during, 50)),
          p99: round(percentile(during, 99)),
          n: during.length,
        },
        p99Ratio: round(percentile(during, 99) / percentile(quiet, 99)),
        // How many commits the join slowed, whatever its length: a shorter join with the same
        // slow commits has a higher p99.
        overTwiceQuietP99: during.filter((ms) => ms > 2 * percentile(quiet, 99)).length,
      },
      serverGcDuringJoin: gc,
      // Whether the slow commits are the server's work or the cores it shares (Linux only).
      cpu: { quiet: quietCpu, duringJoin: cpu },
      refusals: drawing.refused(),
      joinerAckMs: Math.round(ackMs),
      joinerLastChunkMs: Math.round(lastChunkMs),
    };
  } finally {
    await server.close();
  }
}

export async function run(): Promise<object> {
  const dataDir = await drawBigCanvas(ELEMENTS);
  try {
    return await coldJoins(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function coldJoins(dataDir: string) {
  console.error('[bench] coldJoin: the old load (one turn)…');
  const before = process.env.BENCH_COLD_SKIP_BEFORE ? null : await coldJoin(dataDir, 'one-turn');
  const joins: Record<string, Awaited<ReturnType<typeof coldJoin>>> = {};
  const only = process.env.BENCH_COLD_ONLY?.split(',');
  for (const load of ['loop-slices', 'thread'] as const)
    for (const download of [false, true]) {
      const name = `${load}_${download ? 'download' : 'chunks'}`;
      if (only && !only.includes(name)) continue;
      console.error(
        `[bench] coldJoin: ${load}, the scene ${download ? 'over HTTP' : 'as chunks'}…`,
      );
      joins[name] = await coldJoin(dataDir, load, download);
    }
  const goals = (join: Awaited<ReturnType<typeof coldJoin>>) => ({
    eventLoopDelayMaxAtMost50ms: join.eventLoopDelayMs.max <= 50,
    otherRoomP99AtMost2xQuiet: join.otherRoomAckMs.p99Ratio <= 2,
    noRefusals: join.refusals === 0,
  });
  return {
    elements: ELEMENTS,
    'one-turn_chunks': before,
    ...joins,
    goalsMet: Object.fromEntries(Object.entries(joins).map(([name, join]) => [name, goals(join)])),
  };
}
