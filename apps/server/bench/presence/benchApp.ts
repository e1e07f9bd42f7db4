/**
 * The real app in this process for the presence and big-join suites: SQLite log in a temp dir,
 * in-memory read models and presence, rate limits out of the way. Users are registered and
 * canvases drawn through the command handlers, as sign-up and commits would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasStreamName, userStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/appContext';
import { avatarFor } from '../../src/features/auth/avatar';
import { newSessionToken } from '../../src/features/auth/sessionTokens';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import {
  createInMemoryPresenceStore,
  createInMemoryReadModelStore,
} from '../../src/infrastructure/readModels/index';

export interface BenchUser {
  userId: string;
  username: string;
  profilePhoto: string;
  token: string;
}

export async function startBenchApp(overrides: Partial<AppDeps> = {}) {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tabula-bench-'));
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const app = await createApp({
    eventStore,
    readModels: createInMemoryReadModelStore(),
    presence: createInMemoryPresenceStore(),
    rateLimits: {
      socketMessagesPerSecond: 1_000_000,
      authPerIpPerMinute: 1_000_000,
      failedLoginsPerAccount: 1_000_000,
    },
    logError: () => undefined,
    // The fixture draws a big canvas in seconds: no per-minute drawing quota here.
    ...({
      quotas: { bytesPerMinute: Number.MAX_SAFE_INTEGER, burstBytes: Number.MAX_SAFE_INTEGER },
    } as unknown as Partial<AppDeps>),
    ...overrides,
  });
  const url = await app.listen(0);
  const { context } = app;
  const now = () => new Date().toISOString();
  let users = 0;

  return {
    url,
    app,
    /** Registers a user with a real avatar (what presence carries); a session token for it. */
    async user(): Promise<BenchUser> {
      users += 1;
      const userId = `bench-user-${users}`;
      const username = `bench${users}`;
      const profilePhoto = avatarFor(username, `Bench User ${users}`);
      const { token, sessionId } = newSessionToken();
      await context.users.handle(userStreamName(userId), {
        type: 'RegisterUser',
        data: {
          userId,
          username,
          email: `${username}@bench.local`,
          passwordHash: 'not-used',
          profilePhoto,
          sessionId,
        },
        metadata: { actorId: userId, now: now(), eventId: `${userId}-registered` },
      });
      return { userId, username, profilePhoto, token };
    },
    /** A canvas of `owner` holding `elements`, drawn 1,000 elements per commit. */
    async canvas(owner: BenchUser, elements: object[]): Promise<string> {
      const canvasId = `bench-canvas-${users}-${Date.now()}`;
      const stream = canvasStreamName(canvasId);
      let commands = 0;
      const command = (type: string, data: object) =>
        context.canvases.handle(stream, {
          type,
          data: { canvasId, ...data },
          metadata: {
            actorId: owner.userId,
            now: now(),
            eventId: `${canvasId}-${(commands += 1)}`,
          },
        } as never);
      let last = (await command('CreateCanvas', { name: 'Big' })).position;
      for (let start = 0; start < elements.length; start += 1000)
        last = (await command('DrawLine', { elements: elements.slice(start, start + 1000) }))
          .position;
      await context.projections.waitFor(last);
      return canvasId;
    },
    async close() {
      await app.close();
      await eventStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
