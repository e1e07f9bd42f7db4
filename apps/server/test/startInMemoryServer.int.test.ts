import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryServer } from '../src/testing/index';
import type { InMemoryServer } from '../src/testing/index';
import type { ClientSocket } from './testServer';
import { emitWithAck } from './testServer';

describe('startInMemoryServer (for other workspaces’ tests)', () => {
  let server: InMemoryServer;
  beforeAll(async () => {
    server = await startInMemoryServer();
  });
  afterAll(() => server.close());

  it('makes users, a shared canvas, and serves join-canvas to a real client', async () => {
    const owner = await server.createUserAndToken('Owner');
    const peer = await server.createUserAndToken('Peer');
    const canvasId = await server.createCanvas(owner.token, 'Shared');
    await server.addCollaborator(owner.userId, canvasId, peer.userId);
    const socket: ClientSocket = io(server.url, {
      auth: { token: peer.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    try {
      const joined = await emitWithAck<{ kind: string }>(socket, 'join-canvas', { canvasId });
      expect(joined).toMatchObject({ ok: true, data: { kind: 'snapshot', canvasId } });
      const types = (await server.events()).map((event) => event.type);
      expect(types).toEqual(expect.arrayContaining(['CanvasCreated', 'InvitationAccepted']));
    } finally {
      socket.disconnect();
    }
  });
});
