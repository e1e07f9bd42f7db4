/**
 * A server process for the gateway benchmark, so its CPU and RSS are its own: either the
 * real Tabula app (SQLite log in a temp dir, in-memory read models) or a bare Socket.IO relay
 * (join a room, re-broadcast to the others). Driven over IPC by gateway.bench.ts:
 * `{ type: 'fixture', rooms, perRoom }` → tokens and canvas ids; `{ type: 'rss' }` → bytes.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { canvasStreamName, userStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import { createApp } from '../../src/app';
import type { TabulaApp } from '../../src/app';
import { hashPassword } from '../../src/features/auth/passwords';
import { newSessionToken } from '../../src/features/auth/sessionTokens';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import {
  createInMemoryPresenceStore,
  createInMemoryReadModelStore,
} from '../../src/infrastructure/readModels/index';

export interface Fixture {
  rooms: { canvasId: string; tokens: string[] }[];
}

type Request = { type: 'fixture'; rooms: number; perRoom: number } | { type: 'rss' };

const mode = process.argv[2] === 'relay' ? 'relay' : 'tabula';

async function startRelay(): Promise<{
  url: string;
  fixture: (rooms: number, perRoom: number) => Promise<Fixture>;
}> {
  const httpServer = createServer();
  const io = new Server(httpServer, { maxHttpBufferSize: 1024 * 1024 });
  io.on('connection', (socket) => {
    socket.on('join-canvas', (payload: { canvasId: string }, ack?: (answer: unknown) => void) => {
      void socket.join(payload.canvasId);
      ack?.({
        ok: true,
        data: { kind: 'snapshot', canvasId: payload.canvasId, revision: 0, elements: [] },
      });
    });
    socket.on('canvas-update', (payload: { canvasId: string; elements: unknown[] }) => {
      socket
        .to(payload.canvasId)
        .emit('updated-canvas', { ...payload, revision: 0, actorId: socket.id });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async fixture(rooms, perRoom) {
      return {
        rooms: Array.from({ length: rooms }, (_, room) => ({
          canvasId: `room-${room}`,
          tokens: Array.from({ length: perRoom }, (_, client) => `relay-${room}-${client}`),
        })),
      };
    },
  };
}

async function startTabula(): Promise<{
  url: string;
  fixture: (rooms: number, perRoom: number) => Promise<Fixture>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-bench-'));
  const app: TabulaApp = await createApp({
    eventStore: openSqliteEventStore<Event>({ dataDir }),
    readModels: createInMemoryReadModelStore(),
    presence: createInMemoryPresenceStore(),
    rateLimits: {
      socketMessagesPerSecond: 1_000_000,
      authPerIpPerMinute: 1_000_000,
      failedLoginsPerAccount: 1_000_000,
    },
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

const server = mode === 'relay' ? await startRelay() : await startTabula();
process.on('message', (request: Request) => {
  void (async () => {
    if (request.type === 'rss') process.send!({ rss: process.memoryUsage().rss });
    else process.send!({ fixture: await server.fixture(request.rooms, request.perRoom) });
  })();
});
process.on('SIGINT', () => process.exit(0));
process.send!({ url: server.url });
