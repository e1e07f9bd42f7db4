/**
 * Scenario (b) of the gateway benchmark on a cluster: 10 rooms × 10 clients, every client
 * drawing (point-patch ink at 60 Hz and a commit per gesture, the gateway benchmark's load
 * generator), each client on a socket through the balancer to its node (round robin). Commit
 * latencies to peers are split by whether the drawer and the peer are on the same node.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { runLoad } from '../../../../apps/server/bench/gateway/drawLoad';
import type { CommitArrival } from '../../../../apps/server/bench/gateway/loadTypes';
import { connectRoom, disconnectAll } from '../../../../apps/server/bench/gateway/roomClients';
import type { RoomClients } from '../../../../apps/server/bench/gateway/roomClients';
import { latencySummary, ratio, round } from '../../../../apps/server/bench/gateway/stats';
import type { BenchCluster } from './benchCluster';
import type { Room } from './rooms';

/** Busy and total jiffies of the whole machine (every core), or null off Linux. */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const times = fields.slice(1).map(Number);
    const total = times.reduce((sum, value) => sum + value, 0);
    return { busy: total - times[3]! - (times[4] ?? 0), total };
  } catch {
    return null;
  }
}

const perSecond = (count: number, ms: number) => round((count * 1000) / ms, 1);

/** Runs the load on `rooms` of `cluster`, client `client` of room `room` on `nodeName(…)`. */
export async function measureDelivery(
  cluster: BenchCluster,
  rooms: Room[],
  nodeName: (room: number, client: number) => string,
  plan: { gestures: number; drainMs: number },
) {
  const clients: RoomClients[] = [];
  try {
    for (const [index, room] of rooms.entries())
      clients.push(
        await connectRoom(
          (client) => `${cluster.url}?node=${nodeName(index, client)}`,
          room.canvasId,
          room.users.map((user) => user.token),
        ),
      );
    const sameNode: number[] = [];
    const otherNode: number[] = [];
    const onCommitArrival = ({ room, from, to, ms }: CommitArrival) =>
      (nodeName(room, from) === nodeName(room, to) ? sameNode : otherNode).push(ms);
    const loadAverage = os.loadavg()[0]!;
    const cpuBefore = machineCpu();
    const load = await runLoad(clients, {
      kind: 'patches',
      drawers: 'all',
      ...plan,
      onCommitArrival,
    });
    const cpuAfter = machineCpu();
    const { frames, commits } = load;
    return {
      nodes: cluster.nodes.length,
      strokes: {
        offered: commits.offered,
        delivered: commits.delivered,
        deliveredRatio: ratio(commits.delivered, commits.offered, 4),
        deliveredPerSecond: perSecond(commits.delivered, load.wallMs),
      },
      inkFrames: {
        offered: frames.offered,
        delivered: frames.delivered,
        deliveredRatio: ratio(frames.delivered, frames.offered, 4),
        deliveredPerSecond: perSecond(frames.delivered, load.wallMs),
        toPeer: latencySummary(frames.toPeerMs),
        discardedByClient: frames.discardedByClient,
      },
      commitAck: latencySummary(commits.ackMs),
      commitToPeer: {
        all: latencySummary(commits.toPeerMs),
        sameNode: latencySummary(sameNode),
        otherNode: latencySummary(otherNode),
      },
      commitsRefused: commits.refused,
      ...(commits.firstRefusal ? { firstRefusal: commits.firstRefusal } : {}),
      serverErrors: load.serverErrors,
      ...(load.firstServerError ? { firstServerError: load.firstServerError } : {}),
      wallMs: round(load.wallMs, 0),
      loadClient: {
        cpuPercent: round(load.client.cpuPercent),
        loopDelayP99Ms: round(load.client.loopDelayP99Ms),
      },
      machineCpuBusyPercent:
        cpuBefore && cpuAfter
          ? round(((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * 100)
          : null,
      machineLoadAverageBefore: round(loadAverage, 2),
    };
  } finally {
    disconnectAll(clients);
  }
}

export type Delivery = Awaited<ReturnType<typeof measureDelivery>>;
