/**
 * One abusive socket against an innocent room (issue #14), each case on a fresh server in its
 * own process. The innocent room: 5 clients, each committing a 120-point stroke every 100 ms
 * (waiting for its ack, as the board's outbox does); its commit-ack latency is the figure.
 * The abuser, in a room of its own, keeps 16 `canvas-update`s of ~240 KB of new elements in
 * flight, sending the next as soon as one is answered: as fast as the server lets it.
 *
 * Cases: `alone` (no abuser), `abuser` (default quotas), `abuserWithoutQuotas`
 * (no quotas: what one socket could do before; the inbound throttle stays),
 * `abuserFreshElements` (default quotas; new elements in every update instead of the same
 * ones again) and `aloneAgain` (the room alone once more: how much two runs of the same case
 * differ here, the noise floor of the verdict). The ratio of a case's p99 to the room alone's
 * is the verdict.
 *
 * The abuser's budget (QUOTA_BYTES_PER_MINUTE) is taken at full speed first; the figures once
 * it is spent (its first refusal) show what the quota holds it to for as long as it goes on.
 *
 * One run's p99 rests on its few slowest commits, and the machine's other work comes and goes
 * over minutes, so the cases run in ROUNDS rounds, each round in a rotated order, every run on
 * a fresh server: the verdict is given over every round's commits together (`pooled`) and as
 * the median of the rounds' ratios (each run against the room alone of its round).
 *
 * Knobs: BENCH_ABUSE_MS (each run, default 20000: about 1,000 innocent commits),
 * BENCH_ABUSE_ROUNDS (default 3), BENCH_DIR (where the log is fsynced: /dev/shm takes the disk's
 * own stalls out of the tail) and the QUOTA_* variables of the server.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import type { AbuserReport } from './abuse/abuserProcess';
import { connectRoom, disconnectAll } from './gateway/roomClients';
import { stroke } from './gateway/gesture';
import { startServer } from './gateway/serverProcess';
import { latencySummary, median, ratio, round } from './gateway/stats';

const RUN_MS = Number(process.env.BENCH_ABUSE_MS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ABUSE_ROUNDS ?? 3);
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

/** `aloneAgain`: the room alone once more, the noise floor of the ratios. */
const CASES = [
  'alone',
  'abuser',
  'abuserWithoutQuotas',
  'abuserFreshElements',
  'aloneAgain',
] as const;
type Case = (typeof CASES)[number];
/** What the abuser sends: the same elements every time, or new ones (`abuserProcess.ts`). */
type Payload = 'same' | 'fresh';

/** One run of a case: the innocent commits' latencies, and what the server and abuser did. */
interface CaseRun {
  latencies: number[];
  /** The latencies of commits sent once the abuser's budget was spent. */
  afterSpent: number[];
  refused: number;
  slowest: { atMs: number; ms: number }[];
  abuserBudgetSpentAfterMs: number | null;
  abuser: { accepted: number; acceptedMiB: number; refused: number; refusals: unknown } | null;
  serverCpuMs: number;
  serverLoopDelayP99Ms: number;
  serverLoopDelayMaxMs: number;
  serverRssPeakMiB: number;
}

async function runCase(name: Case): Promise<CaseRun> {
  const server = await startServer('tabula', {
    BENCH_QUOTAS: name === 'abuserWithoutQuotas' ? 'off' : 'default',
  });
  try {
    const fixture = await server.fixture(2, INNOCENTS);
    const [room, abuserRoom] = fixture.rooms;
    const innocents = await connectRoom(server.url, room!.canvasId, room!.tokens);
    const bad =
      name === 'alone' || name === 'aloneAgain'
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
    // Once the abuser's budget is spent: what the quota holds it to for as long as it goes on.
    const spentAt =
      abuse?.firstRefusalMs === null || !abuse ? Infinity : started + abuse.firstRefusalMs;
    return {
      latencies: samples.map((sample) => sample.ms),
      afterSpent: samples.filter((sample) => sample.at >= spentAt).map((sample) => sample.ms),
      refused: clients.reduce((sum, client) => sum + client.refused, 0),
      // When the tail happened: the five slowest commits, by when they were sent.
      slowest: [...samples]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((sample) => ({ atMs: Math.round(sample.at - started), ms: Math.round(sample.ms) })),
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

/** A case over its rounds: the innocent commits of every round together, and each round's. */
function caseReport(runs: CaseRun[]) {
  const all = runs.flatMap((r) => r.latencies);
  const spent = runs.flatMap((r) => r.afterSpent);
  return {
    innocentCommits: {
      ...latencySummary(all),
      maxMs: Math.round(Math.max(...all)),
      refused: runs.reduce((sum, r) => sum + r.refused, 0),
    },
    innocentCommitsOnceAbuserBudgetSpent: spent.length ? latencySummary(spent) : null,
    rounds: runs.map(({ latencies, afterSpent: _spent, ...run }) => ({
      innocentCommitP99Ms: latencySummary(latencies).p99Ms,
      ...run,
    })),
  };
}

/** The cases in the order of round `round`: each round starts one case later. */
function rotated(round: number): Case[] {
  return CASES.map((_, i) => CASES[(i + round) % CASES.length]!);
}

export async function run(): Promise<object> {
  const runs = Object.fromEntries(CASES.map((name) => [name, []])) as unknown as Record<
    Case,
    CaseRun[]
  >;
  for (let pass = 0; pass < ROUNDS; pass += 1) {
    for (const name of rotated(pass)) {
      process.stderr.write(`[bench] abuse: round ${pass + 1}/${ROUNDS}, ${name}…\n`);
      runs[name].push(await runCase(name));
    }
  }
  const cases = Object.fromEntries(
    CASES.map((name) => [name, caseReport(runs[name])]),
  ) as unknown as Record<Case, ReturnType<typeof caseReport>>;
  /** A case's p99 over the room alone's: over every round's commits, and the rounds' median. */
  const verdict = (name: Case, spent = false) => {
    const p99 = (r: CaseRun) => latencySummary(r.latencies).p99Ms;
    const ofCase = (r: CaseRun) => latencySummary(spent ? r.afterSpent : r.latencies).p99Ms;
    const perRound = runs[name].map((r, i) => ratio(ofCase(r), p99(runs.alone[i]!)) ?? NaN);
    const pooled = spent
      ? latencySummary(runs[name].flatMap((r) => r.afterSpent)).p99Ms
      : cases[name].innocentCommits.p99Ms;
    return {
      pooled: ratio(pooled, cases.alone.innocentCommits.p99Ms),
      medianOfRounds: round(median(perRound) ?? NaN, 2),
      rounds: perRound,
    };
  };
  return {
    runMs: RUN_MS,
    rounds: ROUNDS,
    innocentClients: INNOCENTS,
    innocentCommitEveryMs: INNOCENT_EVERY_MS,
    abuserInFlight: ABUSER_IN_FLIGHT,
    cases,
    /**
     * p99 of the innocent room's commit acks in each case ÷ the room alone's. `aloneAgain` is
     * the room alone once more: how far two runs of the same thing differ on this machine.
     */
    p99Ratio: {
      aloneAgain: verdict('aloneAgain'),
      withAbuser: verdict('abuser'),
      withAbuserOnceBudgetSpent: verdict('abuser', true),
      withAbuserOfFreshElements: verdict('abuserFreshElements'),
      withAbuserWithoutQuotas: verdict('abuserWithoutQuotas'),
    },
  };
}
