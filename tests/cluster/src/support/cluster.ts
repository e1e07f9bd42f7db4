/**
 * The multi-node deployment on this machine: a PostgreSQL cluster of its own (the event log
 * and image files), a Redis of its own (read models, checkpoints, presence, the Socket.IO
 * adapter), `size` Tabula nodes and HAProxy in front.
 */
import {
  postgresBinariesOrSkip,
  startTestPostgres,
} from '../../../../apps/server/test/support/postgres';
import type { TestPostgres } from '../../../../apps/server/test/support/postgres';
import { startHaproxy } from './haproxy';
import type { TestHaproxy } from './haproxy';
import { startRedis } from './redisServer';
import type { TestRedis } from './redisServer';
import { TabulaNode } from './tabulaNode';
import type { NodeEnvironment } from './tabulaNode';

/** How long a socket of a dead node still counts as online. */
export const PRESENCE_TTL_MS = 3_000;

export interface Cluster {
  /** The balancer's address: what users reach. */
  url: string;
  nodes: TabulaNode[];
  redisUrl: string;
  eventStoreUrl: string;
  /** What every node is started with. */
  env: NodeEnvironment;
  /** Resolves once the balancer sends requests to the node `name` (again). */
  serving(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the whole stack; undefined (after printing why) where PostgreSQL is missing outside CI. */
export async function startCluster(size = 3): Promise<Cluster | undefined> {
  const binDir = postgresBinariesOrSkip('cluster');
  if (!binDir) return undefined;
  const parts: { postgres?: TestPostgres; redis?: TestRedis; proxy?: TestHaproxy } = {};
  const nodes: TabulaNode[] = [];
  const stop = async () => {
    await parts.proxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    for (const node of nodes) node.remove();
    await parts.redis?.stop();
    await parts.postgres?.stop();
  };
  try {
    parts.postgres = await startTestPostgres(binDir);
    parts.redis = await startRedis();
    const eventStoreUrl = await parts.postgres.createDatabase('tabula');
    // A short presence TTL: a dead node's users go offline within seconds.
    const env = {
      EVENTSTORE_URL: eventStoreUrl,
      REDIS_URL: parts.redis.url,
      PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
    };
    for (let i = 1; i <= size; i++) nodes.push(await TabulaNode.create(`node${i}`, env));
    // One at a time: the first creates the schema the others find.
    for (const node of nodes) await node.start();
    parts.proxy = await startHaproxy(nodes);
    const proxy = parts.proxy;
    return {
      url: proxy.url,
      nodes,
      redisUrl: parts.redis.url,
      eventStoreUrl,
      env,
      serving: (name) => proxy.serving(name),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
