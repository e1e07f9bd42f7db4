/**
 * Stroke round trip through the gateway (`canvas-update` on A → `updated-canvas` on B),
 * Tabula (every stroke committed to the SQLite log before it is fanned out) against a bare
 * Socket.IO relay under the same load, each server in its own process:
 * (a) 10 clients in one room, one sender at 60 Hz; (b) 10 rooms × 10 clients, all at 10 Hz;
 * (c) 50 clients in one room, all at 60 Hz. Payload: one freedraw element of 200 points.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Fixture } from './gateway/benchServer';
import { connectRoom, percentile, runLoad } from './gateway/loadClient';

const SCENARIOS = [
  { name: 'a_10_clients_1_sender_60hz', rooms: 1, perRoom: 10, senders: 'one', hz: 60 },
  { name: 'b_10_rooms_x_10_clients_all_10hz', rooms: 10, perRoom: 10, senders: 'all', hz: 10 },
  { name: 'c_50_clients_all_60hz', rooms: 1, perRoom: 50, senders: 'all', hz: 60 },
] as const;

const DURATION_MS = Number(process.env.BENCH_GATEWAY_MS ?? 5000);
const DRAIN_MS = 2000;

interface ServerProcess {
  child: ChildProcess;
  url: string;
  ask<T>(message: object): Promise<T>;
}

function startServer(mode: 'tabula' | 'relay'): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./gateway/benchServer.ts', import.meta.url));
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = fork(script, [mode], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { url: string }) => resolve({ child, url: message.url, ask }));
  });
}

async function measure(mode: 'tabula' | 'relay', scenario: (typeof SCENARIOS)[number]) {
  const server = await startServer(mode);
  try {
    const { fixture } = await server.ask<{ fixture: Fixture }>({
      type: 'fixture',
      rooms: scenario.rooms,
      perRoom: scenario.perRoom,
    });
    const rooms = await Promise.all(
      fixture.rooms.map((room) => connectRoom(server.url, room.canvasId, room.tokens)),
    );
    const load = await runLoad(rooms, scenario.senders, scenario.hz, DURATION_MS, DRAIN_MS);
    const { rss } = await server.ask<{ rss: number }>({ type: 'rss' });
    for (const room of rooms) for (const socket of room.sockets) socket.disconnect();
    const sorted = load.latenciesMs.sort((a, b) => a - b);
    return {
      offered: load.offered,
      delivered: load.delivered,
      deliveredRatio: Number((load.delivered / load.offered).toFixed(4)),
      p50Ms: Number(percentile(sorted, 50).toFixed(1)),
      p95Ms: Number(percentile(sorted, 95).toFixed(1)),
      p99Ms: Number(percentile(sorted, 99).toFixed(1)),
      serverRssMb: Number((rss / 1024 / 1024).toFixed(1)),
    };
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    // SIGINT lets a profiled server write its profile before it exits.
    server.child.kill(process.env.BENCH_CPU_PROF ? 'SIGINT' : 'SIGKILL');
    await exited;
  }
}

export async function run(): Promise<object> {
  const report: Record<string, object> = {};
  // BENCH_GATEWAY_ONLY=c runs one scenario (by its letter).
  const only = process.env.BENCH_GATEWAY_ONLY;
  for (const scenario of SCENARIOS.filter((s) => !only || s.name.startsWith(only))) {
    console.error(`[bench] gateway ${scenario.name}: relay…`);
    const relay = await measure('relay', scenario);
    console.error(`[bench] gateway ${scenario.name}: tabula…`);
    const tabula = await measure('tabula', scenario);
    report[scenario.name] = {
      tabula,
      bareRelay: relay,
      p99RatioToRelay: Number((tabula.p99Ms / relay.p99Ms).toFixed(2)),
    };
  }
  return { durationMsPerRun: DURATION_MS, ...report };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await run(), null, 2));
}
