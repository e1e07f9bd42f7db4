/**
 * Restart on the same data directory: accounts, sessions, canvases, membership, pending
 * invitations and scenes are identical afterwards, because they are all in the event log and
 * the read models are rebuilt from it. Run with read models in memory and in Redis.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser, CollaboratorCanvas } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

/** Everything a user can see through the API, for before/after comparison. */
async function observe(server: TestServer, users: Member[], canvasIds: string[]) {
  const view: Record<string, unknown> = {};
  for (const user of users) {
    view[`fetchuser ${user.username}`] = (await server.get('/auth/fetchuser', user.token)).body;
    view[`list ${user.username}`] = (await server.get('/canvas/getallcanvases', user.token)).body;
    for (const canvasId of canvasIds) {
      const detail = await server.get(`/canvas/getcanvas/${canvasId}`, user.token);
      view[`canvas ${canvasId} as ${user.username}`] = [detail.status, detail.body];
    }
    const socket = await server.socket(user.token);
    const collaborating = nextEvent<CollaboratorCanvas[]>(socket, 'all-collaborator-canvases');
    await emitWithAck(socket, 'get-all-collaborator-canvases');
    view[`collaborating ${user.username}`] = await collaborating;
    const owned = nextEvent<string[]>(socket, 'get-admin-of-canvases');
    await emitWithAck(socket, 'online', {
      userId: user.id,
      username: user.username,
      profilePhoto: user.profilePhoto,
    });
    view[`owned live ${user.username}`] = [...(await owned)].sort();
    socket.disconnect();
  }
  return view;
}

describe.each([{ redis: false }, { redis: true }])('restart (redis: $redis)', ({ redis }) => {
  it('keeps accounts, sessions, canvases, membership, invitations and scenes', async () => {
    const first = await startTestServer({ redis });
    const [alice, bob, carol] = [
      await signUp(first, 'alice'),
      await signUp(first, 'bob'),
      await signUp(first, 'carol'),
    ];
    const shared = await createCanvas(first, alice.token, 'Shared');
    const renamed = await createCanvas(first, alice.token, 'Before');
    const deleted = await createCanvas(first, alice.token, 'Deleted');
    const [aliceSocket, bobSocket, carolSocket] = [
      await first.socket(alice.token),
      await first.socket(bob.token),
      await first.socket(carol.token),
    ];
    await makeCollaborator(aliceSocket, bobSocket, bob.id, shared);
    await emitWithAck(aliceSocket, 'canvas-update', {
      canvasId: shared,
      eventId: freshEventId(),
      elements: [element('a1'), element('a2')],
    });
    await emitWithAck(bobSocket, 'canvas-update', {
      canvasId: shared,
      eventId: freshEventId(),
      elements: [element('a2', { version: 2, x: 99, isDeleted: true }), element('b1')],
    });
    await first.post(`/canvas/updatecanvasname/${renamed}`, { name: 'After' }, alice.token);
    await first.post(`/canvas/deletecanvas/${deleted}`, {}, alice.token);
    // A pending invitation (carol has not answered yet) must survive too.
    await emitWithAck(aliceSocket, 'invite-user', {
      toUserId: carol.id,
      canvasId: shared,
      canvasName: 'Shared',
    });
    for (const socket of [aliceSocket, bobSocket, carolSocket]) socket.disconnect();
    const users = [alice, bob, carol];
    const canvases = [shared, renamed, deleted];
    const before = await observe(first, users, canvases);
    const logBefore = (await first.eventStore.readAll()).length;
    await first.close({ keepData: true });

    // Same directory and, with Redis, the same read models: the projections resume from their
    // checkpoints instead of rebuilding.
    const second = await startTestServer({
      redis,
      dataDir: first.dataDir,
      redisPrefix: first.redisPrefix,
    });
    try {
      expect((await second.eventStore.readAll()).length).toBe(logBefore);
      expect(await observe(second, users, canvases)).toEqual(before);
      expect(before[`canvas ${shared} as ${bob.username}`]).toMatchObject([
        200,
        { data: { name: 'Shared', elements: [element('a1'), element('b1')] } },
      ]);
      // The snapshot is not vacuous: membership, renames and deletions are in it.
      expect(before[`collaborating ${bob.username}`]).toEqual([
        { canvasId: shared, canvasName: 'Shared', id: alice.id, editedAt: expect.any(String) },
      ]);
      expect(before[`owned live ${alice.username}`]).toEqual([shared]);
      expect(before[`canvas ${renamed} as ${alice.username}`]).toMatchObject([
        200,
        { data: { name: 'After' } },
      ]);
      expect(before[`canvas ${deleted} as ${alice.username}`]).toMatchObject([
        404,
        { success: false },
      ]);

      // The pending invitation is still valid after the restart.
      const [aliceAgain, carolAgain] = [
        await second.socket(alice.token),
        await second.socket(carol.token),
      ];
      const joined = nextEvent<{ message: string }>(aliceAgain, 'invitation-accepted');
      const accepted = await emitWithAck(carolAgain, 'accept-invitation', { canvasId: shared });
      expect(accepted).toEqual({ ok: true, data: { canvasId: shared } });
      expect((await joined).message).toBe(`${carol.username} joined the canvas`);
      aliceAgain.disconnect();
      carolAgain.disconnect();

      // Signing out and in again works on the restarted server.
      expect((await second.post('/auth/logout', {}, bob.token)).status).toBe(200);
      const login = await second.post<AuthenticatedUser>('/auth/loginuser', {
        email: bob.email,
        password: bob.password,
      });
      expect(login.status).toBe(200);
      expect(login.body.data!.id).toBe(bob.id);
    } finally {
      await second.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
