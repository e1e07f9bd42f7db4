/**
 * Members' photos travel by URL (`/auth/avatar/<id>?v=…`, cached by the browser), a path on
 * the server the engine talks to, which answers it with the picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { open } from '../test/engineServer';

let server: InMemoryServer;
beforeAll(async () => {
  server = await startInMemoryServer();
});
afterAll(() => server?.close());

describe("peers' photos", () => {
  it('are paths on the server, which answers them with the picture', async () => {
    const alice = await server.createUserAndToken('alice');
    const bob = await server.createUserAndToken('bob');
    const canvasId = await server.createCanvas(alice.token, 'faces');
    await server.addCollaborator(alice.userId, canvasId, bob.userId);
    const a = await open(server.url, alice, canvasId);
    await open(server.url, bob, canvasId);

    const peers = await firstValueFrom(
      a.client.peers$.pipe(filter((list) => list.some((peer) => peer.userId === bob.userId))),
    );
    const photo = peers.find((peer) => peer.userId === bob.userId)!.avatarUrl!;
    expect(photo.startsWith('/auth/avatar/')).toBe(true);
    const answer = await fetch(new URL(photo, server.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\//);
  });
});
