/**
 * The multi-node deployment on this machine: a PostgreSQL cluster of its own (the event log
 * and image files), a Redis of its own (read models, checkpoints, presence, the Socket.IO
 * adapter), `size` Tabula nodes and HAProxy in front.
 */
import {
  postgresBinariesOrSkip,
  startTestPostgres,
} from '../../../../apps/server/test/support/postgres';
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
  const postgres = await startTestPostgres(binDir);
  try {
    const nodes = await startNodes(await postgres.createDatabase('tabula'), size);
    return {
      ...nodes,
      stop: async () => {
        await nodes.stop();
        await postgres.stop();
      },
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

/**
 * Everything but the database: a Redis of its own, `size` nodes on the log at `eventStoreUrl`
 * (with `extraEnv` besides the cluster's environment) and HAProxy in front. `stop` stops these.
 */
export async function startNodes(
  eventStoreUrl: string,
  size: number,
  extraEnv: Record<string, string> = {},
): Promise<Cluster> {
  const parts: { redis?: TestRedis; proxy?: TestHaproxy } = {};
  const nodes: TabulaNode[] = [];
  const stop = async () => {
    await parts.proxy?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    for (const node of nodes) node.remove();
    await parts.redis?.stop();
  };
  try {
    parts.redis = await startRedis();
    // A short presence TTL: a dead node's users go offline within seconds.
    const env = {
      EVENTSTORE_URL: eventStoreUrl,
      REDIS_URL: parts.redis.url,
      PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      ...extraEnv,
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
