/**
 * Builds the real adapters a configuration asks for: the embedded defaults (SQLite log,
 * in-memory read models and presence) or the scale-out ones (PostgreSQL or KurrentDB, Redis).
 * A dependency that cannot be reached at start stops it with an `UnreachableError` naming the
 * variable and the address (never its credentials).
 */
import type { SharedState } from './infrastructure/sharedState/sharedState';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Event } from '@tabula/domain';
import type { Config } from './config';
import { addressOf } from './logger';
import type { EventStore, RecordedEvent } from './infrastructure/eventStore/eventStore';
import { openSqliteEventStore } from './infrastructure/eventStore/sqliteEventStore';
import type { FileStore } from './infrastructure/files/fileStore';
import { createInMemoryFileStore } from './infrastructure/files/inMemoryFileStore';
import { openSqliteFileStore } from './infrastructure/files/sqliteFileStore';
import type { PresenceStore } from './features/presence/presenceStore';
import { createInMemorySnapshotStore } from './infrastructure/snapshots/inMemorySnapshotStore';
import type { SnapshotStore } from './infrastructure/snapshots/snapshotStore';
import { openSqliteSnapshotStore } from './infrastructure/snapshots/sqliteSnapshotStore';
import type { ReadModelStore } from './infrastructure/readModels/readModelStore';
import { createInMemoryPresenceStore } from './features/presence/inMemoryPresenceStore';
import { createInMemoryReadModelStore } from './infrastructure/readModels/inMemoryReadModelStore';
import { ReadModelsSaver, loadReadModels } from './infrastructure/readModels/readModelsFile';
import { PROJECTIONS } from './projections/index';
import { REDIS_READ_MODELS_PREFIX } from './projections/readModelKeys';

export interface Adapters {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  presence: PresenceStore;
  snapshots: SnapshotStore;
  /** See `AppDeps.sceneLoadDir`. */
  sceneLoadDir?: string;
  files: FileStore;
  socketIoAdapter?: (nsp: unknown) => unknown;
  /** Sign-in limits shared by every node (Redis); absent: counted in this process. */
  sharedState?: SharedState;
  /** Called once each event's projections are applied (the read models' saver). */
  onProjected?: (record: RecordedEvent<Event>) => void;
  close(): Promise<void>;
}

/** How long a dependency may take to answer at start. */
export const STARTUP_TIMEOUT_MS = 10_000;

/** A dependency the configuration names did not answer at start. */
export class UnreachableError extends Error {}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return reason(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  return error.message.split('\n')[0] || (error as { code?: string }).code || error.name;
}

/** `call()`, or an `UnreachableError` naming `variable` and its address when it fails. */
export async function reach<T>(
  what: string,
  variable: string,
  url: string,
  call: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${STARTUP_TIMEOUT_MS / 1000} s`)),
      STARTUP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    throw new UnreachableError(
      `Cannot reach ${what} at ${addressOf(url)} (${variable}): ${reason(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** One PING on a connection of its own that does not retry (the stores' clients do). */
async function pingRedis(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // The connection's own error (refused, unknown host) says more than the failed command.
  let cause: unknown;
  client.on('error', (error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw cause ?? error;
  } finally {
    client.disconnect();
  }
}

export async function openAdapters(config: Config): Promise<Adapters> {
  if (config.redisUrl)
    await reach('Redis', 'REDIS_URL', config.redisUrl, () => pingRedis(config.redisUrl!));
  let eventStore: EventStore<Event>;
  const storeUrl = config.eventStoreUrl;
  if (storeUrl && /^postgres(ql)?:\/\//.test(storeUrl)) {
    const { openPostgresEventStore } =
      await import('./infrastructure/eventStore/postgresEventStore');
    eventStore = await reach('PostgreSQL', 'EVENTSTORE_URL', storeUrl, () =>
      openPostgresEventStore<Event>({ connectionString: storeUrl }),
    );
  } else if (storeUrl) {
    const { openKurrentDbEventStore } =
      await import('./infrastructure/eventStore/kurrentDbEventStore');
    eventStore = await reach('KurrentDB', 'EVENTSTORE_URL', storeUrl, async () => {
      const store = openKurrentDbEventStore<Event>({ connectionString: storeUrl });
      await store.headPosition();
      return store;
    });
  } else {
    eventStore = openSqliteEventStore<Event>({ dataDir: config.dataDir });
  }
  // Redis code (and ioredis) is loaded only when Redis is configured.
  const redis = config.redisUrl ? await import('./infrastructure/redisStores') : undefined;
  let saver: ReadModelsSaver | undefined;
  let readModels: ReadModelStore;
  if (redis) {
    readModels = redis.createRedisReadModelStore({
      redis: config.redisUrl!,
      prefix: REDIS_READ_MODELS_PREFIX,
    });
  } else {
    // In memory, kept beside the log so that a start replays only what is new.
    const file = path.join(config.dataDir, 'read-models.json');
    const names = PROJECTIONS.map((projection) => projection.name);
    const inMemory = createInMemoryReadModelStore(await loadReadModels(file, eventStore, names));
    saver = new ReadModelsSaver(file, inMemory, names);
    readModels = inMemory;
  }
  // Snapshots sit next to the log: in its SQLite file, or in Redis for the scale-out stores.
  const snapshots = !config.eventStoreUrl
    ? openSqliteSnapshotStore({ dataDir: config.dataDir })
    : redis
      ? redis.createRedisSnapshotStore({ redis: config.redisUrl!, prefix: 'tabula:snapshots' })
      : createInMemorySnapshotStore();
  // Image files beside the log too: in its SQLite file, in PostgreSQL (shared by every node),
  // in memory with KurrentDB (no shared file store there yet).
  const files = !config.eventStoreUrl
    ? openSqliteFileStore({ dataDir: config.dataDir })
    : /^postgres(ql)?:\/\//.test(config.eventStoreUrl)
      ? await (
          await import('./infrastructure/files/postgresFileStore')
        ).openPostgresFileStore({ connectionString: config.eventStoreUrl })
      : createInMemoryFileStore();
  const presence = config.redisUrl
    ? (await import('./features/presence/redisPresenceStore')).createRedisPresenceStore({
        redis: config.redisUrl!,
        prefix: 'tabula:presence',
        ttlMs: config.presenceTtlMs,
      })
    : createInMemoryPresenceStore();
  let socketIoAdapter: Adapters['socketIoAdapter'];
  let sharedState: SharedState | undefined;
  let limitsQuit: () => Promise<unknown> = async () => undefined;
  let adapterClient: { quit(): Promise<unknown> } | undefined;
  if (config.redisUrl) {
    const [{ Redis }, { createAdapter }, { createRedisSharedState }] = await Promise.all([
      import('ioredis'),
      import('@socket.io/redis-streams-adapter'),
      import('./infrastructure/sharedState/redisSharedState'),
    ]);
    const client = new Redis(config.redisUrl);
    adapterClient = client;
    // Made when a Socket.IO server first asks for it: the adapter opens two connections of
    // its own at once, which only closing that server ends (a command has none to close).
    let adapter: ReturnType<typeof createAdapter> | undefined;
    socketIoAdapter = function redisStreamsAdapter(nsp: unknown) {
      adapter ??= createAdapter(client, { streamName: 'tabula:socket.io' });
      return adapter(nsp as Parameters<typeof adapter>[0]);
    };
    // A connection of its own: the adapter's may wait in a blocking stream read.
    const limitsClient = new Redis(config.redisUrl);
    limitsClient.on('error', () => undefined);
    sharedState = createRedisSharedState(limitsClient, 'tabula:limits');
    limitsQuit = () => limitsClient.quit();
  }
  return {
    eventStore,
    readModels,
    presence,
    snapshots,
    // The log and the snapshots in one SQLite file: scenes can be loaded on a thread of their own.
    sceneLoadDir: config.eventStoreUrl ? undefined : config.dataDir,
    files,
    socketIoAdapter,
    sharedState,
    onProjected: saver && ((record) => saver.applied(record)),
    async close() {
      saver?.close();
      await adapterClient?.quit();
      await limitsQuit();
      await files.close();
      await snapshots.close();
      await presence.close();
      await readModels.close();
      await eventStore.close();
    },
  };
}

/**
 * The demo accounts' password: DEMO_PASSWORD, or one generated on first start and kept in
 * the data directory (mode 0600), so it never needs to reach a browser.
 */
export function demoPassword(config: Config): string {
  if (config.demoPassword) return config.demoPassword;
  const file = path.join(config.dataDir, 'demo-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Starts the Kafka relay on its own connection; resolves with a function that stops it. */
export async function startKafka(
  brokers: string[],
  adapters: Adapters,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const { Kafka } = await import('kafkajs');
  const { startKafkaRelay } = await import('./infrastructure/kafka/kafkaRelay');
  const producer = new Kafka({ clientId: 'tabula', brokers }).producer({ idempotent: true });
  await reach('Kafka', 'KAFKA_BROKERS', `kafka://${brokers[0]}`, () => producer.connect());
  const relay = await startKafkaRelay({
    eventStore: adapters.eventStore,
    checkpoints: adapters.readModels,
    producer,
    onError,
  });
  return async () => {
    relay.stop();
    await producer.disconnect();
  };
}
