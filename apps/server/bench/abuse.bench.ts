/**
 * One abusive socket against an innocent room (issue #14), each case on a fresh server in its
 * own process. The innocent room: 5 clients, each committing a 120-point stroke every 100 ms
 * (waiting for its ack, as the board's outbox does); its commit-ack latency is the figure.
 * The abuser, in a room of its own, keeps 16 `canvas-update`s of ~240 KB of new elements in
 * flight, sending the next as soon as one is answered: as fast as the server lets it.
 *
 * Cases: `alone` (no abuser), `abuser` (default quotas), `abuserWithoutQuotas`
 * (no quotas: what one socket could do before; the inbound throttle stays), and
 * `abuserFreshElements` (default quotas; new elements in every update instead of the same
 * ones again). The ratio of the p99s is the verdict.
 *
 * The abuser's budget (QUOTA_BYTES_PER_MINUTE) is taken at full speed first; the figures once
 * it is spent (its first refusal) show what the quota holds it to for as long as it goes on.
 *
 * Knob: BENCH_ABUSE_MS (how long each case runs, default 45000: about 2,250 innocent commits,
 * so that the p99 rests on a score of slow commits rather than on the run's two worst stalls).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import type { AbuserReport } from './abuse/abuserProcess';
import { connectRoom, disconnectAll } from './gateway/roomClients';
import { stroke } from './gateway/gesture';
import { startServer } from './gateway/serverProcess';
import { latencySummary, ratio } from './gateway/stats';

const RUN_MS = Number(process.env.BENCH_ABUSE_MS ?? 45_000);
const INNOCENTS = 5;
const INNOCENT_EVERY_MS = 100;
const ABUSER_IN_FLIGHT = 16;

interface Ack {
  ok: boolean;
  error?: { code: string; message: string };
}

function commit(socket: Socket, canvasId: string, eventId: string, elements: unknown[]) {
  return new Promise<Ack>((resolve) =>
    socket.emit('canvas-update', { canvasId, eventId, elements }, resolve),
  );
}

/** One innocent client: a stroke every 100 ms, each after the previous ack; latencies in ms. */
async function innocent(socket: Socket, canvasId: string, name: string, until: number) {
  const latencies: { at: number; ms: number }[] = [];
  let refused = 0;
  for (let n = 0; performance.now() < until; n += 1) {
    const started = performance.now();
    const ack = await commit(socket, canvasId, `${name}-${n}`, [stroke(`${name}-${n}`, 120)]);
    latencies.push({ at: started, ms: performance.now() - started });
    if (!ack.ok) refused += 1;
    const next = started + INNOCENT_EVERY_MS;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { latencies, refused };
}

/** Starts the abuser's process, joined and waiting; `go()` starts it, resolving with its report. */
async function startAbuser(url: string, token: string, canvasId: string, payload: Payload) {
  const script = fileURLToPath(new URL('./abuse/abuserProcess.ts', import.meta.url));
  const args = [url, token, canvasId, String(RUN_MS), String(ABUSER_IN_FLIGHT), payload];
  const child = fork(script, args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`abuser exited (${code})`)));
  });
  return {
    go(): Promise<AbuserReport> {
      const done = new Promise<AbuserReport>((resolve) =>
        child.once('message', (message: { report: AbuserReport }) => resolve(message.report)),
      );
      child.send('go');
      return done;
    },
  };
}

type Case = 'alone' | 'abuser' | 'abuserWithoutQuotas' | 'abuserFreshElements';
/** What the abuser sends: the same elements every time, or new ones (`abuserProcess.ts`). */
type Payload = 'same' | 'fresh';

async function runCase(name: Case) {
  const server = await startServer('tabula', {
    BENCH_QUOTAS: name === 'abuserWithoutQuotas' ? 'off' : 'default',
  });
  try {
    const fixture = await server.fixture(2, INNOCENTS);
    const [room, abuserRoom] = fixture.rooms;
    const innocents = await connectRoom(server.url, room!.canvasId, room!.tokens);
    const bad =
      name === 'alone'
        ? null
        : await startAbuser(
            server.url,
            abuserRoom!.tokens[0]!,
            abuserRoom!.canvasId,
            name === 'abuserFreshElements' ? 'fresh' : 'same',
          );
    await server.start();
    const started = performance.now();
    const until = started + RUN_MS;
    const [abuse, ...clients] = await Promise.all([
      bad ? bad.go() : Promise.resolve(null),
      ...innocents.sockets.map((socket, i) =>
        innocent(socket, room!.canvasId, `innocent-${i}`, until),
      ),
    ]);
    const stats = await server.stats();
    disconnectAll([innocents]);
    const samples = clients.flatMap((client) => client.latencies);
    const latencies = samples.map((sample) => sample.ms);
    // Once the abuser's budget is spent: what the quota holds it to for as long as it goes on.
    const spentAt =
      abuse?.firstRefusalMs === null || !abuse ? Infinity : started + abuse.firstRefusalMs;
    const afterSpent = samples.filter((sample) => sample.at >= spentAt).map((sample) => sample.ms);
    return {
      innocentCommits: {
        ...latencySummary(latencies),
        maxMs: Math.round(Math.max(...latencies)),
        refused: clients.reduce((sum, client) => sum + client.refused, 0),
        // When the tail happened: the ten slowest commits, by when they were sent.
        slowest: [...samples]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 10)
          .map((sample) => ({ atMs: Math.round(sample.at - started), ms: Math.round(sample.ms) })),
      },
      innocentCommitsOnceAbuserBudgetSpent: afterSpent.length ? latencySummary(afterSpent) : null,
      abuserBudgetSpentAfterMs: Number.isFinite(spentAt) ? Math.round(spentAt - started) : null,
      abuser: abuse && {
        accepted: abuse.accepted,
        acceptedMiB: Number((abuse.acceptedBytes / 2 ** 20).toFixed(1)),
        refused: abuse.refused,
        refusals: abuse.refusals,
      },
      serverCpuMs: Math.round(stats.cpuUserMs + stats.cpuSystemMs),
      serverLoopDelayP99Ms: Math.round(stats.loopDelayP99Ms),
      serverLoopDelayMaxMs: Math.round(stats.loopDelayMaxMs),
      serverRssPeakMiB: Math.round(stats.rssPeakBytes / 2 ** 20),
    };
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<object> {
  const cases = {} as Record<Case, Awaited<ReturnType<typeof runCase>>>;
  for (const name of ['alone', 'abuser', 'abuserWithoutQuotas', 'abuserFreshElements'] as const) {
    process.stderr.write(`[bench] abuse: ${name}…\n`);
    cases[name] = await runCase(name);
  }
  const p99 = (name: Case) => cases[name].innocentCommits.p99Ms;
  const spentP99 = cases.abuser.innocentCommitsOnceAbuserBudgetSpent?.p99Ms ?? null;
  return {
    runMs: RUN_MS,
    innocentClients: INNOCENTS,
    innocentCommitEveryMs: INNOCENT_EVERY_MS,
    abuserInFlight: ABUSER_IN_FLIGHT,
    cases,
    /** p99 of the innocent room's commit acks with the abuser ÷ without: the verdict. */
    p99RatioWithAbuser: ratio(p99('abuser'), p99('alone')),
    p99RatioWithAbuserWithoutQuotas: ratio(p99('abuserWithoutQuotas'), p99('alone')),
    /** The same with an abuser that sends new elements each time (default quotas). */
    p99RatioWithAbuserOfFreshElements: ratio(p99('abuserFreshElements'), p99('alone')),
    /** The same once the abuser's minute budget is spent (its steady state). */
    p99RatioOnceAbuserBudgetSpent: ratio(spentP99, p99('alone')),
  };
}
