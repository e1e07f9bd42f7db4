/**
 * What a socket receives keeps the order the server wrote it in, although a room's frames are
 * written at the end of the event loop's turn (all of a socket's frames in one write) and
 * acks and other Socket.IO messages go out at once: a message sent after a frame is queued
 * behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas, makeCollaborator, signUp } from './scenario';
import type { Member } from './scenario';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

describe('the order of what a socket receives', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;

  beforeAll(async () => {
    server = await startTestServer();
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
  });
  afterAll(() => server.close());

  it('the frame a join writes (who is in the canvas) arrives before its ack', async () => {
    const canvasId = await createCanvas(server, owner.token);
    const [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    const received: string[] = [];
    guestSocket.onAny((event: string) => received.push(event));
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      guestSocket.emit('join-canvas', { canvasId }, (answer: { ok: boolean }) => {
        received.push('ack');
        resolve(answer);
      }),
    );
    expect(ack.ok).toBe(true);
    const live = received.filter((event) => ['collaborator-joined', 'ack'].includes(event));
    expect(live).toEqual(['collaborator-joined', 'ack']);
  });
});
