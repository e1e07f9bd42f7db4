/**
 * Cursors in a crowd (PROTOCOL.md `pointer`): however many people move their pointers at once,
 * every one of them reaches the others, and each cursor is shown where its pointer stopped
 * (moves in between may be dropped for a receiver busy with an earlier write; where a pointer
 * rests never is). A spec client gets `pointer-moved`, one per peer; a client that asked for
 * frames (`auth.pointers: 'frames'`, as Tabula's widget does) gets `pointer-frame`s instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTER_FRAMES } from '@tabula/domain/protocol';
import type { PointerFrame, PointerMoved } from '@tabula/domain/protocol';
import { createCanvas, eventMatching, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const MOVERS = 8;
const MOVES = 6;

describe('cursors in a crowd', () => {
  let server: TestServer;
  let canvasId: string;
  let watcher: ClientSocket;
  let frameWatcher: ClientSocket;
  const movers: { id: string; socket: ClientSocket }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await signUp(server, 'owner');
    watcher = await server.socket(owner.token);
    canvasId = await createCanvas(server, owner.token);
    for (let i = 0; i < MOVERS; i++) {
      const mover = await signUp(server, `mover${i}`);
      const socket = await server.socket(mover.token);
      await makeCollaborator(watcher, socket, mover.id, canvasId);
      expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
      movers.push({ id: mover.id, socket });
    }
    expect(await emitWithAck(watcher, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    frameWatcher = await server.socket(owner.token, { pointers: POINTER_FRAMES });
    expect(await emitWithAck(frameWatcher, 'join-canvas', { canvasId })).toMatchObject({
      ok: true,
    });
  });
  afterAll(() => server.close());

  it('every mover moving at once reaches the watcher, shown where they stopped', async () => {
    const lastX = new Map<string, number>();
    const framedX = new Map<string, number>();
    const received = { wrongKind: 0 };
    watcher.on('pointer-moved', (message: PointerMoved) => lastX.set(message.userId, message.x));
    frameWatcher.on('pointer-frame', (frame: PointerFrame) => {
      for (const pointer of frame.pointers) framedX.set(pointer.userId, pointer.x);
    });
    watcher.on('pointer-frame', () => (received.wrongKind += 1));
    frameWatcher.on('pointer-moved', () => (received.wrongKind += 1));
    const stopped = (seen: Map<string, number>) => () =>
      movers.every(({ id }) => seen.get(id) === MOVES - 1);
    const everyoneStopped = Promise.all([
      eventMatching<PointerMoved>(watcher, 'pointer-moved', stopped(lastX)),
      eventMatching<PointerFrame>(frameWatcher, 'pointer-frame', stopped(framedX)),
    ]);
    // All movers at once, each move sent as soon as the previous one was taken.
    await Promise.all(
      movers.map(async ({ socket }) => {
        for (let x = 0; x < MOVES; x++)
          expect(await emitWithAck(socket, 'pointer', { canvasId, x, y: 0 })).toMatchObject({
            ok: true,
          });
      }),
    );
    await everyoneStopped; // fails (after its guard) if any cursor is left short of its stop
    // Each gets its own kind only (how many frames: pointerFrames.test.ts).
    expect(received.wrongKind).toBe(0);
  });
});
