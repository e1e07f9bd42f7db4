/**
 * A socket that stopped reading while others drew is caught up when it reads again; when what
 * it missed is more than a catch-up carries, it is told `canvas-resync` instead of being sent
 * one huge update. Conditions only: a backlog reached, a message heard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { socketBacklogBytes } from '../src/realtime/socketSession';
import type { AppSocket } from '../src/realtime/socketTypes';
import {
  createCanvas,
  element,
  eventMatching,
  makeCollaborator,
  recordMessages,
  signUp,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const MAX_BACKLOG = 32 * 1024;
const POINTS = Array.from({ length: 300 }, (_, i) => [i, (i * 7) % 50]);

/** The TCP socket under a socket.io-client's WebSocket transport. */
function tcpOf(socket: ClientSocket): { pause(): void; resume(): void } {
  const engine = (socket.io as unknown as { engine: { transport: { ws: { _socket: never } } } })
    .engine;
  return engine.transport.ws._socket;
}

describe('a peer that fell too far behind', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      overrides: {
        liveRooms: { maxBacklogBytes: MAX_BACKLOG, catchUp: { elements: 20 } },
        // The drawer sends megabytes before the kernel's buffers for the paused socket fill;
        // the inbound throttle (1 MiB/s) is not what this test is about.
        rateLimits: {
          authPerIpPerMinute: 10_000,
          failedLoginsPerAccount: 10_000,
          socketMessagesPerSecond: 10_000,
          socketBytesPerSecond: 1024 ** 3,
          socketBurstBytes: 1024 ** 3,
        },
      },
    });
  });
  afterAll(() => server.close());

  it('gets canvas-resync, not one update of everything it missed', async () => {
    const [owner, guest] = [await signUp(server, 'drawer'), await signUp(server, 'sleeper')];
    const canvasId = await createCanvas(server, owner.token);
    const [drawer, paused] = [await server.socket(owner.token), await server.socket(guest.token)];
    await makeCollaborator(drawer, paused, guest.id, canvasId);
    for (const socket of [drawer, paused])
      expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    const serverSide = server.app.gateway.io.sockets.sockets.get(paused.id!) as AppSocket;

    let drawn = 0;
    const draw = async () => {
      drawn += 1;
      const ack = await emitWithAck(drawer, 'canvas-update', {
        canvasId,
        eventId: `stroke-${drawn}`,
        elements: [element(`stroke${drawn}`, { type: 'freedraw', points: POINTS })],
      });
      expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    };

    tcpOf(paused).pause();
    // Until the server holds more than the bound for it, then some: it is marked behind.
    for (let i = 0; socketBacklogBytes(serverSide) <= MAX_BACKLOG; i++) {
      if (i > 5000) throw new Error('the paused socket never built a backlog');
      await draw();
    }
    for (let i = 0; i < 25; i++) await draw();

    const record = recordMessages([paused]);
    const resync = eventMatching<{ canvasId: string }>(paused, 'canvas-resync', () => true);
    tcpOf(paused).resume();
    expect(await resync).toEqual({ canvasId });
    // Barrier: a commit after the resync reaches it (the room still writes to it), and no
    // update before it carried everything missed.
    const last = eventMatching<{ elements: SceneElement[] }>(paused, 'updated-canvas', (message) =>
      message.elements.some((item) => item.id === 'after'),
    );
    await emitWithAck(drawer, 'canvas-update', {
      canvasId,
      eventId: 'after-resync',
      elements: [element('after')],
    });
    await last;
    const updates = record
      .stop()
      .flat()
      .filter(([event]) => event === 'updated-canvas')
      .map(([, message]) => (message as { elements: SceneElement[] }).elements.length);
    expect(Math.max(...updates)).toBeLessThanOrEqual(20);
  });
});
