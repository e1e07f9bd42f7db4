/**
 * The real Tabula app for the gateway benchmark: SQLite log (fsync on) and snapshots in a temp
 * dir, as `npm start` has them, in-memory read models and presence, rate limits out of the way,
 * `SCENE_MEMORY_MB` (and with BENCH_QUOTAS=default the quotas) as configured; the fixture registers users and makes them members of
 * canvases through the command handlers, as sign-up and invitations would.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasStreamName, userStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import { createApp } from '../../src/app';
import type { TabulaApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { hashPassword } from '../../src/features/auth/passwords';
import { newSessionToken } from '../../src/features/auth/sessionTokens';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import { openSqliteSnapshotStore } from '../../src/infrastructure/snapshots/sqliteSnapshotStore';
import { createInMemoryReadModelStore } from '../../src/infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../../src/features/presence/index';
import type { BenchServer, Fixture } from './benchServerContract';

const NO_QUOTAS = {
  bytesPerMinute: Number.MAX_SAFE_INTEGER,
  burstBytes: Number.MAX_SAFE_INTEGER,
  elementsPerCanvas: Number.MAX_SAFE_INTEGER,
  bytesPerCanvas: Number.MAX_SAFE_INTEGER,
  canvasesPerUser: Number.MAX_SAFE_INTEGER,
};

export async function startTabula(): Promise<BenchServer> {
  // BENCH_DIR picks the disk the log is fsynced to (default: the OS temp dir).
  const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'tabula-bench-'));
  const config = parseConfig(process.env, process.cwd());
  const app: TabulaApp = await createApp({
    eventStore: openSqliteEventStore<Event>({ dataDir }),
    snapshots: openSqliteSnapshotStore({ dataDir }),
    sceneMemoryBytes: config.sceneMemoryBytes,
    socketCompression: config.socketCompression,
    readModels: createInMemoryReadModelStore(),
    presence: createInMemoryPresenceStore(),
    rateLimits: {
      socketMessagesPerSecond: 1_000_000,
      authPerIpPerMinute: 1_000_000,
      failedLoginsPerAccount: 1_000_000,
    },
    // Quotas out of the way (the gateway bench's drawers would spend the minute's budget),
    // unless BENCH_QUOTAS=default (the abuse bench): then as configured (QUOTA_* variables).
    quotas: process.env.BENCH_QUOTAS === 'default' ? config.quotas : NO_QUOTAS,
  });
  const url = await app.listen(0);
  const { context } = app;
  const passwordHash = await hashPassword('bench-password');
  let users = 0;
  const now = () => new Date().toISOString();

  async function user(): Promise<{ userId: string; token: string }> {
    users += 1;
    const userId = `bench-user-${users}`;
    const { token, sessionId } = newSessionToken();
    await context.users.handle(userStreamName(userId), {
      type: 'RegisterUser',
      data: {
        userId,
        username: `bench${users}`,
        email: `bench${users}@bench.local`,
        passwordHash,
        profilePhoto: '',
        sessionId,
      },
      metadata: { actorId: userId, now: now(), eventId: `${userId}-registered` },
    });
    return { userId, token };
  }

  return {
    url,
    dataDir,
    sceneBytes: () => context.scenes.bytes,
    async fixture(rooms, perRoom) {
      const fixture: Fixture = { rooms: [] };
      let last = -1;
      for (let room = 0; room < rooms; room++) {
        const members = [];
        for (let client = 0; client < perRoom; client++) members.push(await user());
        const owner = members[0]!;
        const canvasId = `bench-canvas-${room}`;
        const stream = canvasStreamName(canvasId);
        let commands = 0;
        const command = (actorId: string, type: string, data: object) =>
          context.canvases.handle(stream, {
            type,
            data: { canvasId, ...data },
            metadata: { actorId, now: now(), eventId: `${canvasId}-${(commands += 1)}` },
          } as never);
        await command(owner.userId, 'CreateCanvas', { name: `Bench ${room}` });
        for (const member of members.slice(1)) {
          await command(owner.userId, 'InviteUser', { userId: member.userId });
          last = (await command(member.userId, 'AcceptInvitation', {})).position;
        }
        fixture.rooms.push({ canvasId, tokens: members.map((member) => member.token) });
      }
      await context.projections.waitFor(last);
      return fixture;
    },
  };
}
