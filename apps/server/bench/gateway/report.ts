/**
 * The gateway benchmark's report: one server's figures for one run (`summarise`), Tabula
 * beside the relay (`compare`), a flat table of the figures that matter, and the goals
 * checked against the point-patch load.
 */
import type { ServerStats } from './benchServerContract';
import type { LoadResult } from './loadTypes';
import { latencySummary, mean, ratio, round } from './stats';

/** Scenario name → load name → both servers. */
export type Results = Record<string, Record<string, Compared>>;

/** One server's figures for one run; `loadAverage` is the machine's 1-minute load before it. */
export function summarise(load: LoadResult, stats: ServerStats, loadAverage: number) {
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
      rssGrowthMb: round((stats.rssPeakBytes - stats.rssStartBytes) / 1024 / 1024),
      loopDelayP99Ms: round(stats.loopDelayP99Ms),
      loopDelayMaxMs: round(stats.loopDelayMaxMs),
      mainThreadRan: stats.cpu?.threadRan ?? null,
      mainThreadWaitedForCore: stats.cpu?.threadWaitedForCore ?? null,
      errorsSent: load.serverErrors,
      ...(load.firstServerError ? { firstError: load.firstServerError } : {}),
    },
    loadClient: {
      cpuPercent: round(load.client.cpuPercent),
      loopDelayP99Ms: round(load.client.loopDelayP99Ms),
    },
    wallMs: round(load.wallMs, 0),
    machineBusy: stats.cpu?.machineBusy ?? null,
    machineLoadAverage: round(loadAverage, 2),
  };
}

export type Measured = ReturnType<typeof summarise>;

export interface Compared {
  tabula: Measured;
  bareRelay: Measured;
  ratiosTabulaToRelay: Record<string, number | null>;
}

export function compare(tabula: Measured, bareRelay: Measured): Compared {
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
      serverRssGrowth: ratio(tabula.server.rssGrowthMb, bareRelay.server.rssGrowthMb),
    },
  };
}

function goal(value: number | null, limit: number, direction: 'atMost' | 'atLeast') {
  const met = value === null ? null : direction === 'atMost' ? value <= limit : value >= limit;
  return { value, [direction]: limit, met };
}

/**
 * The figures, from the point-patch runs by scenario letter (and the whole-element
 * runs for the bytes): ink p99 ≤ 1.0× the relay's and commit ack p99 ≤ 10 ms at (a) and (b);
 * at (c) ≥ 99% of commits delivered, ink p99 ≤ 50 ms, peak RSS ≤ 1.5× the relay's; bytes per
 * gesture ≤ 25% of resending the whole element each frame.
 */
export function goals(
  patches: Partial<Record<string, Compared>>,
  whole: Partial<Record<string, Compared>>,
) {
  const out: Record<string, object> = {};
  for (const letter of ['a', 'b']) {
    const run = patches[letter];
    if (!run) continue;
    out[`${letter}_inkP99RatioToRelay`] = goal(
      ratio(run.tabula.frames.toPeer.p99Ms, run.bareRelay.frames.toPeer.p99Ms),
      1,
      'atMost',
    );
    out[`${letter}_commitAckP99Ms`] = goal(run.tabula.commits.ack.p99Ms, 10, 'atMost');
  }
  const c = patches.c;
  if (c) {
    out.c_commitsDeliveredRatio = goal(c.tabula.commits.deliveredRatio, 0.99, 'atLeast');
    out.c_inkP99Ms = goal(c.tabula.frames.toPeer.p99Ms, 50, 'atMost');
    out.c_rssPeakRatioToRelay = goal(
      ratio(c.tabula.server.rssPeakMb, c.bareRelay.server.rssPeakMb),
      1.5,
      'atMost',
    );
  }
  // Bytes are the sender's, the same whatever the server: the first scenario run both ways.
  const letter = Object.keys(patches).find((key) => whole[key]);
  if (letter)
    out.bytesPerGestureRatioToWholeElement = goal(
      ratio(patches[letter]!.tabula.bytesPerGesture, whole[letter]!.tabula.bytesPerGesture, 3),
      0.25,
      'atMost',
    );
  return out;
}

/** One row per scenario, load and server: the figures the issue asks for, side by side. */
export function table(results: Results) {
  const rows = [];
  for (const [scenario, loads] of Object.entries(results))
    for (const [load, compared] of Object.entries(loads))
      for (const server of ['tabula', 'bareRelay'] as const) {
        const run = compared[server];
        rows.push({
          scenario: scenario.slice(0, 1),
          load,
          server,
          frameP50Ms: run.frames.toPeer.p50Ms,
          frameP95Ms: run.frames.toPeer.p95Ms,
          frameP99Ms: run.frames.toPeer.p99Ms,
          framesDelivered: run.frames.deliveredRatio,
          commitAckP50Ms: run.commits.ack.p50Ms,
          commitAckP99Ms: run.commits.ack.p99Ms,
          commitToPeerP99Ms: run.commits.toPeerP99Ms,
          commitsDelivered: run.commits.deliveredRatio,
          bytesPerGesture: run.bytesPerGesture,
          serverCpuUsPerMessage: run.server.cpuUsPerDeliveredMessage,
          serverMainThreadWaitedForCore: run.server.mainThreadWaitedForCore,
          machineBusy: run.machineBusy,
          serverRssPeakMb: run.server.rssPeakMb,
          serverRssGrowthMb: run.server.rssGrowthMb,
          loadClientCpuPercent: run.loadClient.cpuPercent,
          machineLoadAverage: run.machineLoadAverage,
        });
      }
  return rows;
}
