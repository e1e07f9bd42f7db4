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
import { startNodes } from '../support/cluster';
import type { Cluster } from '../support/cluster';

export type BenchCluster = Pick<Cluster, 'url' | 'nodes' | 'serving' | 'stop'>;

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
  const eventStoreUrl = await postgres.createDatabase(`tabula_bench_${clusters}`);
  return startNodes(eventStoreUrl, size, {
    AUTH_RATE_PER_IP_PER_MINUTE: '1000000',
    SOCKET_MESSAGES_PER_SECOND: '1000000',
  });
}
