/**
 * A class on one canvas, in bytes: 100 members, online already, open the canvas one after
 * another and close it again. Every byte the server sends to every socket is counted (the
 * bench's counter, `bench/presence/canvasOpening.ts`), until every socket knows who has the
 * canvas open. Before the deltas, each opening sent the whole list to the whole room (13 MB of
 * `canvas-people` for 100 joiners) and each joiner every member's photo inline (5 MB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasStreamName, userStreamName } from '@tabula/domain';
import { avatarFor } from '../src/features/auth/avatar';
import { newSessionToken } from '../src/features/auth/sessionTokens';
import type { BenchUser } from '../bench/presence/benchApp';
import { canvasOpening } from '../bench/presence/canvasOpening';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const JOINERS = 100;
const MB = 1e6;

describe('presence of a crowd on one canvas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      overrides: { rateLimits: { socketMessagesPerSecond: 1_000_000 } } as never,
    });
  });
  afterAll(() => server?.close());

  it(`${JOINERS} joiners cost O(n) of who-is-here, not O(n²)`, async () => {
    const { context } = server.app;
    const now = () => new Date().toISOString();
    const users: BenchUser[] = [];
    for (let i = 0; i < JOINERS; i++) {
      const userId = randomUUID();
      const username = `crowd${i}`;
      const { token, sessionId } = newSessionToken();
      const profilePhoto = avatarFor(username, `Crowd ${i}`);
      await context.users.handle(userStreamName(userId), {
        type: 'RegisterUser',
        data: {
          userId,
          username,
          email: `${username}@x.io`,
          passwordHash: 'x',
          profilePhoto,
          sessionId,
        },
        metadata: { actorId: userId, now: now(), eventId: randomUUID() },
      });
      users.push({ userId, username, profilePhoto, token });
    }
    const canvasId = randomUUID();
    const command = (actorId: string, type: string, data: object) =>
      context.canvases.handle(canvasStreamName(canvasId), {
        type,
        data: { canvasId, ...data },
        metadata: { actorId, now: now(), eventId: randomUUID() },
      } as never);
    const owner = users[0]!;
    let last = (await command(owner.userId, 'CreateCanvas', { name: 'Class' })).position;
    for (const guest of users.slice(1)) {
      await command(owner.userId, 'InviteUser', { userId: guest.userId });
      last = (await command(guest.userId, 'AcceptInvitation', {})).position;
    }
    await context.projections.waitFor(last);

    const result = await canvasOpening(server.url, users, canvasId);
    const whoIsHere = (bytes: Record<string, number>) =>
      (bytes['canvas-people'] ?? 0) + (bytes['canvas-people-changed'] ?? 0);
    // O(n) per change: the list once per opener and each change once per socket in the room
    // (about 0.5 MB here); the whole list per opening was 13 MB.
    expect(whoIsHere(result.opening.byEventMb) * MB).toBeLessThan(1.5 * MB);
    expect(whoIsHere(result.closing.byEventMb) * MB).toBeLessThan(1 * MB);
    expect(result.closing.mb * MB).toBeLessThan(1 * MB);
    // Everything the opening cost (the member lists included): 18 MB before.
    expect(result.opening.mb * MB).toBeLessThan(8 * MB);
  });
});
