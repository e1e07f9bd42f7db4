/**
 * `canvas-people`: who has a canvas open now, told to its room whenever a socket opens or
 * closes it (a board with join-canvas, a history with watch-canvas), or disconnects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CanvasPeopleMessage } from '@tabula/domain/protocol';
import { createCanvas, eventMatching, makeCollaborator, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('canvas-people', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  it('names who has the canvas open, as they open it, close it and go', async () => {
    server = await startTestServer();
    const [owner, guest, watcher] = [
      await signUp(server, 'owner'),
      await signUp(server, 'guest'),
      await signUp(server, 'watcher'),
    ];
    const [ownerSocket, guestSocket, watcherSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
      await server.socket(watcher.token),
    ];
    const canvasId = await createCanvas(server, owner.token, 'Here');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await makeCollaborator(ownerSocket, watcherSocket, watcher.id, canvasId);
    const people = (userIds: string[]) => (message: CanvasPeopleMessage) =>
      message.canvasId === canvasId &&
      [...message.userIds].sort().join() === [...userIds].sort().join();

    const ownerAlone = eventMatching(ownerSocket, 'canvas-people', people([owner.id]));
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    await ownerAlone;

    const both = [owner.id, guest.id];
    const seenByOwner = eventMatching(ownerSocket, 'canvas-people', people(both));
    const seenByGuest = eventMatching(guestSocket, 'canvas-people', people(both));
    await emitWithAck(guestSocket, 'join-canvas', { canvasId });
    await Promise.all([seenByOwner, seenByGuest]);

    // The history screen counts too.
    const three = eventMatching(ownerSocket, 'canvas-people', people([...both, watcher.id]));
    await emitWithAck(watcherSocket, 'watch-canvas', { canvasId });
    await three;

    const guestClosed = eventMatching(ownerSocket, 'canvas-people', people([owner.id, watcher.id]));
    await emitWithAck(guestSocket, 'close-canvas', { canvasId });
    await guestClosed;

    const watcherGone = eventMatching(ownerSocket, 'canvas-people', people([owner.id]));
    watcherSocket.disconnect();
    await watcherGone;
    expect(ownerSocket.connected).toBe(true);
  });
});
