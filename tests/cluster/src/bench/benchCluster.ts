/**
 * The clusters the scale-out benchmark compares, all on one PostgreSQL started with fsync on
 * (as a deployment runs it), a database each: every cluster has a Redis of its own (read
 * models, presence, the Socket.IO adapter), `size` Tabula nodes and HAProxy in front, as the
 * cluster test's stack, except for two rate limits, out of the way as in the gateway
 * benchmark: sign-ups per address (a hundred users sign up from one) and messages per socket
 * per second (a node that falls behind reads a second's backlog of one socket at once and would
 * refuse it: the figures would count refusals, not deliveries).
 */
import {
  postgresBinariesOrSkip,
  startTestPostgres,
} from '../../../../apps/server/test/support/postgres';
import type { TestPostgres } from '../../../../apps/server/test/support/postgres';
import { PRESENCE_TTL_MS } from '../support/cluster';
import { startHaproxy } from '../support/haproxy';
import type { TestHaproxy } from '../support/haproxy';
import { startRedis } from '../support/redisServer';
import type { TestRedis } from '../support/redisServer';
import { TabulaNode } from '../support/tabulaNode';

export interface BenchCluster {
  /** The balancer's address. */
  url: string;
  nodes: TabulaNode[];
  /** Resolves once the balancer sends requests to the node `name` (again). */
  serving(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** The shared PostgreSQL, or undefined (after printing why) where its binaries are missing. */
export async function startBenchPostgres(): Promise<TestPostgres | undefined> {
  const binDir = postgresBinariesOrSkip('cluster bench');
  return binDir ? startTestPostgres(binDir, { durable: true }) : undefined;
}

let clusters = 0;

/** Starts `size` nodes on a new database of `postgres`, a Redis and HAProxy. */
export async function startBenchCluster(
  postgres: TestPostgres,
  size: number,
): Promise<BenchCluster> {
  clusters += 1;
  const nodes: TabulaNode[] = [];
  let redis: TestRedis | undefined;
  let proxy: TestHaproxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    for (const node of nodes) node.remove();
    await redis?.stop();
  };
  try {
    const eventStoreUrl = await postgres.createDatabase(`tabula_bench_${clusters}`);
    redis = await startRedis();
    const env = {
      EVENTSTORE_URL: eventStoreUrl,
      REDIS_URL: redis.url,
      PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      AUTH_RATE_PER_IP_PER_MINUTE: '1000000',
      SOCKET_MESSAGES_PER_SECOND: '1000000',
    };
    for (let i = 1; i <= size; i++) nodes.push(await TabulaNode.create(`node${i}`, env));
    // One at a time: the first creates the schema the others find.
    for (const node of nodes) await node.start();
    proxy = await startHaproxy(nodes);
    const balancer = proxy;
    return { url: balancer.url, nodes, serving: (name) => balancer.serving(name), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
