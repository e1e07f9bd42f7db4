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
 * Knobs: BENCH_GATEWAY_MS (how long each drawer draws in the point-patch runs, default 6000:
 * 3 gestures, 60 for the lone drawer of (a); the comparison runs draw one gesture less), BENCH_GATEWAY_ONLY=a,c (scenarios
 * by letter), BENCH_GATEWAY_LOADS=patches,whole,commits, BENCH_BROWSER_CLIENTS=1 (clients that
 * compress every message they send, as browsers do: `gateway/roomClients.ts`).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { runLoad } from './gateway/drawLoad';
import { FRAME_MS, GESTURE_FRAMES } from './gateway/gesture';
import type { LoadKind } from './gateway/gesture';
import { BROWSER_CLIENTS, connectRoom, disconnectAll } from './gateway/roomClients';
import { startServer } from './gateway/serverProcess';
import type { ServerMode } from './gateway/serverProcess';
import { compare, goals, summarise, table } from './gateway/report';
import type { Compared, Measured, Results } from './gateway/report';

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
/**
 * How many times longer the one drawer of (a) draws the point patches: its commit-ack p99
 * wants samples (60 commits: the p99 is the second slowest, not the slowest of 15).
 */
const ONE_DRAWER_FACTOR = 20;
/**
 * Gestures per drawer: the load in full, the comparisons shorter (time budget). The
 * lone drawer of (a) draws 20× as many point-patch gestures, or its commit-ack p99 would be
 * the slowest of 3 commits.
 */
const gesturesOf = (kind: LoadKind, drawers: Scenario['drawers'] = 'all') =>
  kind !== 'patches'
    ? Math.max(1, GESTURES - 1)
    : drawers === 'one'
      ? GESTURES * ONE_DRAWER_FACTOR
      : GESTURES;
const DRAIN_MS = 2000;

function listed<T extends string>(variable: string, all: readonly T[]): T[] {
  const wanted = process.env[variable]?.split(',').map((item) => item.trim());
  return wanted ? all.filter((item) => wanted.includes(item)) : [...all];
}

async function measure(mode: ServerMode, scenario: Scenario, kind: LoadKind): Promise<Measured> {
  const server = await startServer(mode);
  const loadAverage = os.loadavg()[0]!;
  try {
    const fixture = await server.fixture(scenario.rooms, scenario.perRoom);
    const rooms = await Promise.all(
      fixture.rooms.map((room) => connectRoom(server.url, room.canvasId, room.tokens)),
    );
    await server.start();
    const load = await runLoad(rooms, {
      kind,
      drawers: scenario.drawers,
      gestures: gesturesOf(kind, scenario.drawers),
      drainMs: DRAIN_MS,
    });
    const stats = await server.stats();
    disconnectAll(rooms);
    const measured = summarise(load, stats, loadAverage);
    if (measured.frames.delivered === 0 || measured.commits.refused > 0 || load.serverErrors > 0)
      console.error(
        `[bench] warning: ${mode} ${scenario.letter} ${kind}: ${measured.frames.delivered} frames delivered, ` +
          `${measured.commits.refused} commits refused, ${load.serverErrors} errors`,
      );
    return measured;
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<object> {
  const letters = listed(
    'BENCH_GATEWAY_ONLY',
    SCENARIOS.map((s) => s.letter),
  );
  const scenarios = SCENARIOS.filter((s) => letters.includes(s.letter));
  const kinds = listed('BENCH_GATEWAY_LOADS', Object.keys(LOADS) as LoadKind[]);
  const results: Results = {};
  const byLetter: Record<LoadKind, Partial<Record<string, Compared>>> = {
    patches: {},
    whole: {},
    commits: {},
  };
  for (const scenario of scenarios) {
    const byLoad: Record<string, Compared> = {};
    for (const kind of kinds) {
      console.error(`[bench] gateway ${scenario.name} ${LOADS[kind]}: relay…`);
      const bareRelay = await measure('relay', scenario, kind);
      console.error(`[bench] gateway ${scenario.name} ${LOADS[kind]}: tabula…`);
      const tabula = await measure('tabula', scenario, kind);
      byLoad[LOADS[kind]] = byLetter[kind][scenario.letter] = compare(tabula, bareRelay);
    }
    results[scenario.name] = byLoad;
  }
  return {
    load: {
      gesture: `${GESTURE_FRAMES - 1} points at 60 Hz, then the commit (${Math.round(GESTURE_MS)} ms)`,
      gesturesPerDrawer: Object.fromEntries(kinds.map((kind) => [LOADS[kind], gesturesOf(kind)])),
      gesturesOfTheLoneDrawerOfA: gesturesOf('patches', 'one'),
      maxDrainMs: DRAIN_MS,
      clients: BROWSER_CLIENTS
        ? 'every message compressed, as browsers send where it is negotiated'
        : "socket.io-client's defaults (messages of 1 KB or more compressed)",
    },
    goals: goals(byLetter.patches, byLetter.whole),
    table: table(results),
    ...results,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await run(), null, 2));
}
