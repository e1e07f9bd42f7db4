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
import type { Socket } from 'socket.io-client';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/appDeps';
import { avatarFor } from '../../src/features/auth/avatar';
import { newSessionToken } from '../../src/features/auth/sessionTokens';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import type { EventStore } from '../../src/infrastructure/eventStore/eventStore';
import { createInMemoryReadModelStore } from '../../src/infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../../src/features/presence/index';

/**
 * The app's dependencies for a bench on `eventStore`: in-memory read models and presence, rate
 * limits and the per-minute drawing quota out of the way (the fixtures draw big canvases in
 * seconds), errors not logged.
 */
export function benchDeps(eventStore: EventStore<Event>): AppDeps {
  return {
    eventStore,
    readModels: createInMemoryReadModelStore(),
    presence: createInMemoryPresenceStore(),
    rateLimits: {
      socketMessagesPerSecond: 1_000_000,
      authPerIpPerMinute: 1_000_000,
      failedLoginsPerAccount: 1_000_000,
    },
    logError: () => undefined,
    quotas: { bytesPerMinute: Number.MAX_SAFE_INTEGER, burstBytes: Number.MAX_SAFE_INTEGER },
  } as Partial<AppDeps> as AppDeps;
}

export interface BenchUser {
  userId: string;
  username: string;
  profilePhoto: string;
  token: string;
}

export async function startBenchApp(overrides: Partial<AppDeps> = {}) {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tabula-bench-'));
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const app = await createApp({ ...benchDeps(eventStore), ...overrides });
  const url = await app.listen(0);
  const { context } = app;
  const now = () => new Date().toISOString();
  let users = 0;

  return {
    url,
    app,
    /**
     * Registers a user with a real avatar (what presence carries); a session token for it.
     * `userId`: the id to give it (default `bench-user-<n>`; the app's own ids are UUIDs).
     */
    async user(userId = `bench-user-${users + 1}`): Promise<BenchUser> {
      users += 1;
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
    /** A canvas of `owner` with every one of `guests` a collaborator (invited, accepted). */
    async sharedCanvas(owner: BenchUser, guests: BenchUser[]): Promise<string> {
      const canvasId = `bench-shared-${users}-${Date.now()}`;
      const stream = canvasStreamName(canvasId);
      let commands = 0;
      const command = (actorId: string, type: string, data: object) =>
        context.canvases.handle(stream, {
          type,
          data: { canvasId, ...data },
          metadata: { actorId, now: now(), eventId: `${canvasId}-${(commands += 1)}` },
        } as never);
      let last = (await command(owner.userId, 'CreateCanvas', { name: 'Class' })).position;
      for (const guest of guests) {
        await command(owner.userId, 'InviteUser', { userId: guest.userId });
        last = (await command(guest.userId, 'AcceptInvitation', {})).position;
      }
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

/** Resolves once `socket` has connected and the server took its `online` for `user`. */
export function announcedOnline(socket: Socket, user: BenchUser): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      socket.emit(
        'online',
        { userId: user.userId, username: user.username, profilePhoto: user.profilePhoto },
        () => resolve(),
      );
    });
    socket.once('connect_error', reject);
  });
}
