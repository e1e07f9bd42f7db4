/** The baseline of the gateway benchmark: a bare Socket.IO relay that stores nothing. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { BenchServer } from './benchServerContract';

/**
 * Joins any socket to any room; relays `ink` and `canvas-update` to the room (sender
 * excluded) and acks the update at once, as a Socket.IO server without a log would.
 */
export async function startRelay(): Promise<BenchServer> {
  const httpServer = createServer();
  const io = new Server(httpServer, { maxHttpBufferSize: 1024 * 1024 });
  let revision = 0;
  io.on('connection', (socket) => {
    socket.on('join-canvas', (payload: { canvasId: string }, ack?: (answer: unknown) => void) => {
      void socket.join(payload.canvasId);
      ack?.({
        ok: true,
        data: { kind: 'snapshot', canvasId: payload.canvasId, revision: 0, elements: [] },
      });
    });
    socket.on('ink', (payload: { canvasId: string }) => {
      socket.to(payload.canvasId).emit('ink', { ...payload, actorId: socket.id });
    });
    socket.on(
      'canvas-update',
      (payload: { canvasId: string; elements: unknown[] }, ack?: (answer: unknown) => void) => {
        revision += 1;
        socket.to(payload.canvasId).emit('updated-canvas', {
          canvasId: payload.canvasId,
          revision,
          actorId: socket.id,
          elements: payload.elements,
        });
        ack?.({ ok: true, data: { revision } });
      },
    );
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async fixture(rooms, perRoom) {
      return {
        rooms: Array.from({ length: rooms }, (_, room) => ({
          canvasId: `bench-canvas-${room}`,
          tokens: Array.from({ length: perRoom }, (_, client) => `relay-${room}-${client}`),
        })),
      };
    },
  };
}
