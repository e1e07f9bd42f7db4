/**
 * Builds the real adapters a configuration asks for: the embedded defaults (SQLite log,
 * in-memory read models and presence) or the scale-out ones (KurrentDB, Redis).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Event } from '@tabula/domain';
import type { Config } from './config';
import type { EventStore } from './infrastructure/eventStore/eventStore';
import { openSqliteEventStore } from './infrastructure/eventStore/sqliteEventStore';
import type { FileStore } from './infrastructure/files/fileStore';
import { createInMemoryFileStore } from './infrastructure/files/inMemoryFileStore';
import { openSqliteFileStore } from './infrastructure/files/sqliteFileStore';
import type { PresenceStore } from './infrastructure/readModels/presenceStore';
import { createInMemorySnapshotStore } from './infrastructure/snapshots/inMemorySnapshotStore';
import type { SnapshotStore } from './infrastructure/snapshots/snapshotStore';
import { openSqliteSnapshotStore } from './infrastructure/snapshots/sqliteSnapshotStore';
import type { ReadModelStore } from './infrastructure/readModels/readModelStore';
import { createInMemoryPresenceStore } from './infrastructure/readModels/inMemoryPresenceStore';
import { createInMemoryReadModelStore } from './infrastructure/readModels/inMemoryReadModelStore';

export interface Adapters {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  presence: PresenceStore;
  snapshots: SnapshotStore;
  files: FileStore;
  socketIoAdapter?: (nsp: unknown) => unknown;
  close(): Promise<void>;
}

export async function openAdapters(config: Config): Promise<Adapters> {
  let eventStore: EventStore<Event>;
  if (config.eventStoreUrl && /^postgres(ql)?:\/\//.test(config.eventStoreUrl)) {
    const { openPostgresEventStore } =
      await import('./infrastructure/eventStore/postgresEventStore');
    eventStore = await openPostgresEventStore<Event>({ connectionString: config.eventStoreUrl });
  } else if (config.eventStoreUrl) {
    const { openKurrentDbEventStore } =
      await import('./infrastructure/eventStore/kurrentDbEventStore');
    eventStore = openKurrentDbEventStore<Event>({ connectionString: config.eventStoreUrl });
  } else {
    eventStore = openSqliteEventStore<Event>({ dataDir: config.dataDir });
  }
  // Redis code (and ioredis) is loaded only when Redis is configured.
  const redis = config.redisUrl ? await import('./infrastructure/redisStores') : undefined;
  const readModels = redis
    ? redis.createRedisReadModelStore({ redis: config.redisUrl!, prefix: 'tabula:rm' })
    : createInMemoryReadModelStore();
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
  const presence = redis
    ? redis.createRedisPresenceStore({ redis: config.redisUrl!, prefix: 'tabula:presence' })
    : createInMemoryPresenceStore();
  let socketIoAdapter: Adapters['socketIoAdapter'];
  let adapterClient: { quit(): Promise<unknown> } | undefined;
  if (config.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([
      import('ioredis'),
      import('@socket.io/redis-streams-adapter'),
    ]);
    const client = new Redis(config.redisUrl);
    adapterClient = client;
    socketIoAdapter = createAdapter(client, { streamName: 'tabula:socket.io' });
  }
  return {
    eventStore,
    readModels,
    presence,
    snapshots,
    files,
    socketIoAdapter,
    async close() {
      await adapterClient?.quit();
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
  await producer.connect();
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
