/**
 * Cursors in a crowd (PROTOCOL.md `pointer`): however many people move their pointers at once,
 * every one of them reaches the others, and each cursor is shown where its pointer stopped
 * (moves in between may be dropped for a receiver busy with an earlier write; where a pointer
 * rests never is).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointerMoved } from '@tabula/domain/protocol';
import { createCanvas, eventMatching, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const MOVERS = 8;
const MOVES = 6;

describe('cursors in a crowd', () => {
  let server: TestServer;
  let canvasId: string;
  let watcher: ClientSocket;
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
  });
  afterAll(() => server.close());

  it('every mover moving at once reaches the watcher, shown where they stopped', async () => {
    const lastX = new Map<string, number>();
    watcher.on('pointer-moved', (message: PointerMoved) => lastX.set(message.userId, message.x));
    const everyoneStopped = eventMatching<PointerMoved>(watcher, 'pointer-moved', () =>
      movers.every(({ id }) => lastX.get(id) === MOVES - 1),
    );
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
  });
});
