/**
 * A node killed while people draw: one user's tab on each node (the widget's real sync engine,
 * see `support/tab.ts`), everyone drawing a rectangle every 100 ms; the node holding one tab
 * gets SIGKILL, that tab draws a stroke at once and we time, from the signal, until the stroke
 * is acknowledged (through another node: the killed one is gone) and until a user on another
 * node sees it. The node is restarted and the next round kills the next node.
 */
import { latencySummary, round } from '../../../../apps/server/bench/gateway/stats';
import { CHECK_INTERVAL_MS } from '../support/haproxy';
import { openTab, rectangle } from '../support/tab';
import type { Tab } from '../support/tab';
import type { BenchCluster } from './benchCluster';
import type { Room } from './rooms';

/** The pace of the other users' drawing meanwhile (load only: no figure depends on it). */
const DRAW_EVERY_MS = 100;

interface Round {
  killed: string;
  reconnectedMs: number;
  ackedMs: number;
  seenByPeerMs: number;
}

/** Each tab draws a rectangle every `DRAW_EVERY_MS` until `stop()` is called for it. */
function keepDrawing(tab: Tab, prefix: string) {
  let drawing = true;
  let count = 0;
  const done = (async () => {
    while (drawing) {
      tab.board.draw([rectangle(`${prefix}-${(count += 1)}`, count)]);
      await new Promise((resolve) => setTimeout(resolve, DRAW_EVERY_MS));
    }
  })();
  return async () => {
    drawing = false;
    await done;
  };
}

const settled = (tab: Tab) => tab.client.status === 'live' && tab.client.pendingCount === 0;

async function killOnce(cluster: BenchCluster, room: Room, round: number): Promise<Round> {
  const victimIndex = round % cluster.nodes.length;
  const victimNode = cluster.nodes[victimIndex]!;
  const tabs: Tab[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    for (const [i, node] of cluster.nodes.entries())
      tabs.push(await openTab(cluster.url, room.users[i]!, room.canvasId, node.name));
    const victim = tabs[victimIndex]!;
    const peer = tabs[(victimIndex + 1) % tabs.length]!;
    for (const [i, tab] of tabs.entries()) stops.push(keepDrawing(tab, `k${round}u${i}`));
    await Promise.all(tabs.map((tab) => tab.until(() => settled(tab), 'a live tab')));
    await stops[victimIndex]!();

    const reconnected = new Promise<void>((resolve) =>
      victim.transport.socket.once('connect', () => resolve()),
    );
    const killedAt = performance.now();
    await victimNode.kill();
    const stroke = `k${round}-after-kill`;
    victim.board.draw([rectangle(stroke, 0)]);
    const since = async (done: Promise<void>) => {
      await done;
      return performance.now() - killedAt;
    };
    const [reconnectedMs, ackedMs, seenByPeerMs] = await Promise.all([
      since(reconnected),
      since(victim.until(() => settled(victim), 'the stroke acknowledged after the kill')),
      since(peer.until(() => peer.visibleIds().includes(stroke), 'the stroke at a peer')),
    ]);
    return { killed: victimNode.name, reconnectedMs, ackedMs, seenByPeerMs };
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    for (const tab of tabs) tab.close();
    if (!victimNode.running) {
      await victimNode.start();
      await cluster.serving(victimNode.name);
    }
  }
}

/** `kills` rounds on `room` (one member per node); p50/p99 of the times over the rounds. */
export async function measureFailover(cluster: BenchCluster, room: Room, kills: number) {
  const rounds: Round[] = [];
  for (let round = 0; round < kills; round++) {
    process.stderr.write(`[bench] cluster: SIGKILL ${round + 1} of ${kills}…\n`);
    rounds.push(await killOnce(cluster, room, round));
  }
  const summary = (samples: number[]) => {
    const { p50Ms, p99Ms } = latencySummary(samples);
    return { p50Ms, p99Ms, samplesMs: samples.map((ms) => round(ms, 0)) };
  };
  return {
    kills,
    killedNodes: rounds.map((done) => done.killed),
    fromSigkillToSocketReconnected: summary(rounds.map((done) => done.reconnectedMs)),
    fromSigkillToStrokeAcknowledged: summary(rounds.map((done) => done.ackedMs)),
    fromSigkillToStrokeSeenOnAnotherNode: summary(rounds.map((done) => done.seenByPeerMs)),
    setup: {
      clientReconnectionDelayMs: { first: 100, max: 1000 },
      balancerHealthCheckMs: { every: CHECK_INTERVAL_MS, downAfter: 2 },
      note:
        "the tabs' first attempt comes after 100 ms ± 50%; with the widget's default " +
        "(Socket.IO's 1 s ± 50%, up to 5 s) it would come 0.4-1.4 s later",
    },
  };
}
