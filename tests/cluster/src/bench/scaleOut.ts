/**
 * The scale-out benchmark (issue #11): three nodes against one on the same machine and the
 * same PostgreSQL and Redis setup, and the time from SIGKILL of a node to its users drawing
 * again on another. One run: a 3-node cluster measures scenario (b) (see `delivery.ts`) and
 * the kills (see `failover.ts`), then a 1-node cluster measures (b) again as the baseline.
 * Progress goes to stderr.
 *
 * The load is fixed (not a search for the most one node takes): where one node keeps up, both
 * deliver everything and the ratio is near 1; BENCH_CLUSTER_ROOMS (default 10, of 10 clients)
 * raises it on a bigger machine. Other knobs: BENCH_CLUSTER_MS (how long each client draws,
 * default 6000: 3 gestures of 2 s), BENCH_CLUSTER_NODES (default 3), BENCH_CLUSTER_KILLS
 * (default 5).
 */
import os from 'node:os';
import { FRAME_MS, GESTURE_FRAMES } from '../../../../apps/server/bench/gateway/gesture';
import { ratio } from '../../../../apps/server/bench/gateway/stats';
import { startBenchCluster, startBenchPostgres } from './benchCluster';
import type { BenchCluster } from './benchCluster';
import { measureDelivery } from './delivery';
import type { Delivery } from './delivery';
import { measureFailover } from './failover';
import { makeRooms, nodeOf } from './rooms';

const ROOMS = Number(process.env.BENCH_CLUSTER_ROOMS ?? 10);
const PER_ROOM = 10;
const GESTURE_MS = GESTURE_FRAMES * FRAME_MS;
const DRAW_MS = Number(process.env.BENCH_CLUSTER_MS ?? 6000);
const GESTURES = Math.max(1, Math.round(DRAW_MS / GESTURE_MS));
const DRAIN_MS = 2000;
const NODES = Number(process.env.BENCH_CLUSTER_NODES ?? 3);
const KILLS = Number(process.env.BENCH_CLUSTER_KILLS ?? 5);

const progress = (line: string) => process.stderr.write(`[bench] cluster: ${line}\n`);

/** Starts a cluster of `size` nodes, runs `measure` on it and stops it, whatever happens. */
async function withCluster<T>(
  start: () => Promise<BenchCluster>,
  measure: (cluster: BenchCluster) => Promise<T>,
): Promise<T> {
  const cluster = await start();
  try {
    return await measure(cluster);
  } finally {
    await cluster.stop();
  }
}

/** Scenario (b) on `cluster`, clients round robin over its nodes. */
async function deliveryOn(cluster: BenchCluster): Promise<Delivery> {
  const size = cluster.nodes.length;
  const nodeName = nodeOf(cluster.nodes, PER_ROOM);
  progress(`${size} node(s): ${ROOMS * PER_ROOM} users in ${ROOMS} rooms…`);
  const rooms = await makeRooms(cluster.url, ROOMS, PER_ROOM, nodeName);
  progress(`${size} node(s): everyone draws for ${Math.round(GESTURES * GESTURE_MS)} ms…`);
  return measureDelivery(cluster, rooms, nodeName, { gestures: GESTURES, drainMs: DRAIN_MS });
}

export async function runScaleOut(): Promise<object> {
  const postgres = await startBenchPostgres();
  if (!postgres) return { skipped: 'PostgreSQL binaries not found' };
  try {
    progress(`starting ${NODES} nodes…`);
    const { many, failover } = await withCluster(
      () => startBenchCluster(postgres, NODES),
      async (cluster) => {
        const delivery = await deliveryOn(cluster);
        const nodeName = nodeOf(cluster.nodes, cluster.nodes.length);
        const [room] = await makeRooms(cluster.url, 1, cluster.nodes.length, nodeName);
        return { many: delivery, failover: await measureFailover(cluster, room!, KILLS) };
      },
    );
    progress('starting 1 node…');
    const one = await withCluster(() => startBenchCluster(postgres, 1), deliveryOn);
    for (const [name, run] of [
      [`${NODES} nodes`, many],
      ['1 node', one],
    ] as const)
      if (run.strokes.delivered === 0 || run.commitsRefused > 0 || run.serverErrors > 0)
        progress(
          `warning: ${name}: ${run.strokes.delivered} strokes delivered, ` +
            `${run.commitsRefused} commits refused, ${run.serverErrors} errors`,
        );
    return {
      machine: {
        cpus: os.cpus().length,
        note: 'every node, PostgreSQL, Redis, HAProxy and the clients share these cores',
      },
      load: {
        scenario: `${ROOMS} rooms x ${PER_ROOM} clients, all drawing (the gateway benchmark's b at 10 rooms), round robin over the nodes`,
        gesture: `${GESTURE_FRAMES - 1} points at 60 Hz as ink point patches, then the commit (${Math.round(GESTURE_MS)} ms)`,
        gesturesPerClient: GESTURES,
        maxDrainMs: DRAIN_MS,
        postgres: 'fsync on',
        rateLimits: 'sign-ups per address and messages per socket out of the way',
        deliveredPerSecond:
          'deliveries to peers / wall time from the first frame to the last delivery (or the drain limit)',
      },
      ratios: {
        strokesDeliveredPerSecondManyToOne: ratio(
          many.strokes.deliveredPerSecond,
          one.strokes.deliveredPerSecond,
        ),
        inkFramesDeliveredPerSecondManyToOne: ratio(
          many.inkFrames.deliveredPerSecond,
          one.inkFrames.deliveredPerSecond,
        ),
        commitToPeerP99OtherNodeToOneNode: ratio(
          many.commitToPeer.otherNode.p99Ms,
          one.commitToPeer.all.p99Ms,
        ),
        commitAckP99ManyToOne: ratio(many.commitAck.p99Ms, one.commitAck.p99Ms),
      },
      [`nodes${NODES}`]: many,
      nodes1: one,
      failover,
    };
  } finally {
    await postgres.stop();
  }
}
