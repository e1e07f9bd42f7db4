/**
 * Starts the real app for integration tests: a SQLite log in a fresh temp dir, read models in
 * memory or in the real Redis (random prefix), listening on 127.0.0.1 port 0. Gives small
 * helpers for REST calls and real socket.io clients.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { Event } from '@tabula/domain';
import type {
  AckResult,
  ClientToServerEvents,
  ServerToClientEvents,
} from '@tabula/domain/protocol';
import { createApp } from '../src/app';
import type { TabulaApp } from '../src/app';
import type { AppDeps } from '../src/appDeps';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import type { SqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import { openSqliteSnapshotStore } from '../src/infrastructure/snapshots/sqliteSnapshotStore';
import {
  createInMemoryReadModelStore,
  createRedisReadModelStore,
} from '../src/infrastructure/readModels/index';
import {
  createInMemoryPresenceStore,
  createRedisPresenceStore,
} from '../src/features/presence/index';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * How long a helper waits for a message before it reports a hang. Only a hang guard: no
 * verdict depends on it, so it is far beyond what a busy machine needs.
 */
export const HANG_MS = 15_000;
export const DEMO_PASSWORD = 'demo-password-for-tests';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestServerOptions {
  /** Read models and presence in the real Redis (default: in memory). */
  redis?: boolean;
  /** Reuse a data directory (restart tests). */
  dataDir?: string;
  /** Reuse a Redis key prefix (restart tests with Redis; default: a fresh random one). */
  redisPrefix?: string;
  overrides?: Partial<AppDeps>;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { success: boolean; message?: string; data?: T };
}

export interface TestServer {
  url: string;
  app: TabulaApp;
  eventStore: SqliteEventStore<Event>;
  dataDir: string;
  /** The Redis key prefix of this server's read models and presence (when `redis`). */
  redisPrefix: string;
  post<T = unknown>(path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>>;
  get<T = unknown>(path: string, token?: string): Promise<ApiAnswer<T>>;
  /** A connected client with `token` (and any other handshake `auth` fields). */
  socket(token: string, auth?: Record<string, unknown>): Promise<ClientSocket>;
  /**
   * Stops the app and closes the adapters; `keepData` leaves the data directory (and the Redis
   * read models) for a restart.
   */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tabula-test-'));
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const prefix = options.redisPrefix ?? `tabula-test:${randomUUID()}`;
  const readModels = options.redis
    ? createRedisReadModelStore({ redis: REDIS_URL, prefix: `${prefix}:rm` })
    : createInMemoryReadModelStore();
  const presence = options.redis
    ? createRedisPresenceStore({ redis: REDIS_URL, prefix: `${prefix}:presence` })
    : createInMemoryPresenceStore();
  // Snapshots in the log's SQLite file, as the embedded default keeps them.
  const snapshots = openSqliteSnapshotStore({ dataDir });
  const app = await createApp({
    eventStore,
    readModels,
    presence,
    snapshots,
    // Scenes not in memory loaded on a thread of their own, as the embedded default does.
    sceneLoadDir: dataDir,
    demo: { enabled: true, password: DEMO_PASSWORD },
    rateLimits: {
      authPerIpPerMinute: 10_000,
      failedLoginsPerAccount: 10_000,
      socketMessagesPerSecond: 10_000,
    },
    // Suites that draw a lot must not meet the per-minute drawing quota (quotas.int.test.ts).
    quotas: { bytesPerMinute: Number.MAX_SAFE_INTEGER, burstBytes: Number.MAX_SAFE_INTEGER },
    logError: () => undefined,
    ...options.overrides,
  });
  const url = await app.listen(0);
  const sockets: ClientSocket[] = [];

  async function call<T>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers['auth-token'] = token;
    const response = await fetch(url + route, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : {},
    };
  }

  return {
    url,
    app,
    eventStore,
    dataDir,
    redisPrefix: prefix,
    post: (route, body, token) => call('POST', route, body ?? {}, token),
    get: (route, token) => call('GET', route, undefined, token),
    socket(token, auth) {
      return connectSocket(url, token, sockets, auth);
    },
    async close({ keepData = false } = {}) {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      // With `keepData` the Redis read models stay too, so a restart resumes from their checkpoints.
      if (options.redis && !keepData) await readModels.clear();
      await presence.close();
      await readModels.close();
      await snapshots.close();
      await eventStore.close();
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real socket.io client on `url` with `token`, once connected; kept in `opened` to close later.
 * It opens a WebSocket at once unless `transports` says otherwise (`['polling']`: long polling).
 */
export function connectSocket(
  url: string,
  token: string,
  opened: ClientSocket[] = [],
  auth: Record<string, unknown> = {},
  transports = ['websocket'],
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    auth: { ...auth, token },
    transports,
    forceNew: true,
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Emits with an ack and resolves with the ack's result. */
export function emitWithAck<T = unknown>(
  socket: ClientSocket,
  event: string,
  ...args: unknown[]
): Promise<AckResult<T>> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...rest: unknown[]) => void)(
      event,
      ...args,
      (result: AckResult<T>) => resolve(result),
    );
  });
}

/** Resolves with the next `event` the socket receives (rejects after `timeoutMs`: a hang). */
export function nextEvent<T = unknown>(
  socket: ClientSocket,
  event: string,
  timeoutMs = HANG_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no '${event}' within ${timeoutMs} ms`)),
      timeoutMs,
    );
    (socket as unknown as { once(event: string, listener: (payload: T) => void): void }).once(
      event,
      (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      },
    );
  });
}

let counter = 0;
/** A fresh valid sign-up body. */
export function newUser(name = 'user') {
  counter += 1;
  const tag = `${name}${counter}${randomUUID().slice(0, 6)}`;
  return {
    name: `Test ${name}`,
    username: tag,
    email: `${tag}@example.com`,
    password: 'correct horse battery',
  };
}
