/**
 * The live path through the gateway, Tabula against a bare Socket.IO relay under the same
 * load in the same run, each server in its own process. The load is what a real client sends
 * (see `gateway/gesture.ts`): strokes of 120 points over 2 s at 60 Hz as `ink` point patches,
 * then one `canvas-update` commit with the stroke's timing. Scenarios: (a) 10 clients in one
 * room, one drawing; (b) 10 rooms × 10 clients, all drawing; (c) 50 clients in one room, all
 * drawing; every drawer draws its gestures back to back. For comparison the same gestures also
 * run as `ink` with the whole element on every frame, and as the old load, a whole-element
 * `canvas-update` on every frame.
 *
 * Knobs: BENCH_GATEWAY_MS (load length per run, default 6000: 3 gestures per drawer),
 * BENCH_GATEWAY_ONLY=a,c (scenarios by letter), BENCH_GATEWAY_LOADS=patches,whole,commits.
 */
import { fileURLToPath } from 'node:url';
import { runLoad } from './gateway/drawLoad';
import type { LoadResult } from './gateway/drawLoad';
import type { ServerStats } from './gateway/benchServer';
import { FRAME_MS, GESTURE_FRAMES } from './gateway/gesture';
import type { LoadKind } from './gateway/gesture';
import { connectRoom, disconnectAll } from './gateway/roomClients';
import { startServer } from './gateway/serverProcess';
import type { ServerMode } from './gateway/serverProcess';
import { latencySummary, mean, ratio, round } from './gateway/stats';

const SCENARIOS = [
  { letter: 'a', name: 'a_10_clients_1_drawing', rooms: 1, perRoom: 10, drawers: 'one' },
  {
    letter: 'b',
    name: 'b_10_rooms_x_10_clients_all_drawing',
    rooms: 10,
    perRoom: 10,
    drawers: 'all',
  },
  { letter: 'c', name: 'c_50_clients_all_drawing', rooms: 1, perRoom: 50, drawers: 'all' },
] as const;
type Scenario = (typeof SCENARIOS)[number];

const LOADS: Record<LoadKind, string> = {
  patches: 'inkPointPatches',
  whole: 'inkWholeElementEachFrame',
  commits: 'canvasUpdateWholeElementEachFrame',
};

const GESTURE_MS = GESTURE_FRAMES * FRAME_MS;
const LOAD_MS = Number(process.env.BENCH_GATEWAY_MS ?? 6000);
const GESTURES = Math.max(1, Math.round(LOAD_MS / GESTURE_MS));
const DRAIN_MS = 3000;

function listed<T extends string>(variable: string, all: readonly T[]): T[] {
  const wanted = process.env[variable]?.split(',').map((item) => item.trim());
  return wanted ? all.filter((item) => wanted.includes(item)) : [...all];
}

function summarise(load: LoadResult, stats: ServerStats) {
  const { frames, commits } = load;
  const deliveredMessages = frames.delivered + commits.delivered;
  const cpuMs = stats.cpuUserMs + stats.cpuSystemMs;
  const commitAck = latencySummary(commits.ackMs);
  return {
    frames: {
      sent: frames.sent,
      offered: frames.offered,
      delivered: frames.delivered,
      deliveredRatio: ratio(frames.delivered, frames.offered, 4),
      toPeer: latencySummary(frames.toPeerMs),
      notApplicableAtPeer: frames.notApplicable,
      discardedByClient: frames.discardedByClient,
      ...(frames.ackMs.length > 0 ? { ack: latencySummary(frames.ackMs) } : {}),
    },
    commits: {
      sent: commits.sent,
      offered: commits.offered,
      delivered: commits.delivered,
      deliveredRatio: ratio(commits.delivered, commits.offered, 4),
      ack: { samples: commitAck.samples, p50Ms: commitAck.p50Ms, p99Ms: commitAck.p99Ms },
      toPeerP99Ms: latencySummary(commits.toPeerMs).p99Ms,
      refused: commits.refused,
      ...(commits.firstRefusal ? { firstRefusal: commits.firstRefusal } : {}),
    },
    bytesPerGesture: round(mean(load.bytesPerGesture), 0),
    server: {
      cpuMs: round(cpuMs, 0),
      cpuPercent: round((cpuMs / load.wallMs) * 100),
      cpuUsPerDeliveredMessage: round((cpuMs * 1000) / deliveredMessages, 2),
      rssAtStartMb: round(stats.rssStartBytes / 1024 / 1024),
      rssPeakMb: round(stats.rssPeakBytes / 1024 / 1024),
      errorsSent: load.serverErrors,
      ...(load.firstServerError ? { firstError: load.firstServerError } : {}),
    },
    loadClient: {
      cpuPercent: round(load.client.cpuPercent),
      loopDelayP99Ms: round(load.client.loopDelayP99Ms),
    },
    wallMs: round(load.wallMs, 0),
  };
}

type Measured = ReturnType<typeof summarise>;

interface Compared {
  tabula: Measured;
  bareRelay: Measured;
  ratiosTabulaToRelay: Record<string, number | null>;
}

function compare(tabula: Measured, bareRelay: Measured): Compared {
  return {
    tabula,
    bareRelay,
    ratiosTabulaToRelay: {
      frameP99: ratio(tabula.frames.toPeer.p99Ms, bareRelay.frames.toPeer.p99Ms),
      commitToPeerP99: ratio(tabula.commits.toPeerP99Ms, bareRelay.commits.toPeerP99Ms),
      serverCpuPerMessage: ratio(
        tabula.server.cpuUsPerDeliveredMessage,
        bareRelay.server.cpuUsPerDeliveredMessage,
      ),
      serverRssPeak: ratio(tabula.server.rssPeakMb, bareRelay.server.rssPeakMb),
    },
  };
}

async function measure(mode: ServerMode, scenario: Scenario, kind: LoadKind): Promise<Measured> {
  const server = await startServer(mode);
  try {
    const fixture = await server.fixture(scenario.rooms, scenario.perRoom);
    const rooms = await Promise.all(
      fixture.rooms.map((room) => connectRoom(server.url, room.canvasId, room.tokens)),
    );
    await server.start();
    const load = await runLoad(rooms, {
      kind,
      drawers: scenario.drawers,
      gestures: GESTURES,
      drainMs: DRAIN_MS,
    });
    const stats = await server.stats();
    disconnectAll(rooms);
    return summarise(load, stats);
  } finally {
    await server.stop();
  }
}

function goal(value: number | null, limit: number, direction: 'atMost' | 'atLeast') {
  const met = value === null ? null : direction === 'atMost' ? value <= limit : value >= limit;
  return { value, [direction]: limit, met };
}

/** The figures, from the point-patch load (and the whole-element one for bytes). */
function goals(results: Record<string, Record<string, Compared>>) {
  const at = (letter: string) => {
    const scenario = SCENARIOS.find((s) => s.letter === letter)!;
    return results[scenario.name]?.[LOADS.patches];
  };
  const out: Record<string, object> = {};
  for (const letter of ['a', 'b']) {
    const run = at(letter);
    if (!run) continue;
    out[`${letter}_inkP99RatioToRelay`] = goal(
      ratio(run.tabula.frames.toPeer.p99Ms, run.bareRelay.frames.toPeer.p99Ms),
      1,
      'atMost',
    );
    out[`${letter}_commitAckP99Ms`] = goal(run.tabula.commits.ack.p99Ms, 10, 'atMost');
  }
  const c = at('c');
  if (c) {
    out.c_commitsDeliveredRatio = goal(c.tabula.commits.deliveredRatio, 0.99, 'atLeast');
    out.c_inkP99Ms = goal(c.tabula.frames.toPeer.p99Ms, 50, 'atMost');
    out.c_rssPeakRatioToRelay = goal(
      ratio(c.tabula.server.rssPeakMb, c.bareRelay.server.rssPeakMb),
      1.5,
      'atMost',
    );
  }
  for (const scenario of SCENARIOS) {
    const patches = results[scenario.name]?.[LOADS.patches]?.tabula.bytesPerGesture ?? null;
    const whole = results[scenario.name]?.[LOADS.whole]?.tabula.bytesPerGesture ?? null;
    if (patches === null || whole === null) continue;
    out.bytesPerGestureRatioToWholeElement = goal(ratio(patches, whole, 3), 0.25, 'atMost');
    break;
  }
  return out;
}

export async function run(): Promise<object> {
  const scenarios = listed(
    'BENCH_GATEWAY_ONLY',
    SCENARIOS.map((s) => s.letter),
  ).map((letter) => SCENARIOS.find((s) => s.letter === letter)!);
  const kinds = listed('BENCH_GATEWAY_LOADS', Object.keys(LOADS) as LoadKind[]);
  const results: Record<string, Record<string, Compared>> = {};
  for (const scenario of scenarios) {
    const byLoad: Record<string, Compared> = {};
    for (const kind of kinds) {
      console.error(`[bench] gateway ${scenario.name} ${LOADS[kind]}: relay…`);
      const bareRelay = await measure('relay', scenario, kind);
      console.error(`[bench] gateway ${scenario.name} ${LOADS[kind]}: tabula…`);
      const tabula = await measure('tabula', scenario, kind);
      byLoad[LOADS[kind]] = compare(tabula, bareRelay);
    }
    results[scenario.name] = byLoad;
  }
  return {
    load: {
      gesture: `${GESTURE_FRAMES - 1} points at 60 Hz, then the commit (${Math.round(GESTURE_MS)} ms)`,
      gesturesPerDrawer: GESTURES,
      maxDrainMs: DRAIN_MS,
    },
    goals: goals(results),
    ...results,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await run(), null, 2));
}
