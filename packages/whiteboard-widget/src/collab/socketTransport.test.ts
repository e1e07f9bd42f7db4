/** `socketTransport` over a socket the test owns, against the real server in this process. */
import { filter, firstValueFrom } from 'rxjs';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// Tests only: the real server in this process (the widget's code never imports the server).
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { rect } from '../test/elements';
import { openTab, until } from '../test/testBoard';
import type { TestTab } from '../test/testBoard';
import { socketTransport } from './socketTransport';
import type { TabulaSocket } from './socketTransport';

let server: InMemoryServer;
const sockets: TabulaSocket[] = [];
const tabs: TestTab[] = [];

beforeAll(async () => {
  server = await startInMemoryServer();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const tab of tabs.splice(0)) tab.close();
});

afterAll(async () => {
  await server?.close();
});

/** The host's own socket, connected. */
async function hostSocket(token: string): Promise<TabulaSocket> {
  const socket: TabulaSocket = io(server.url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
  });
  sockets.push(socket);
  if (!socket.connected)
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
  return socket;
}

describe('socketTransport', () => {
  it('close() leaves the canvas it joined and keeps the host’s socket connected', async () => {
    const alice = await server.createUserAndToken('alice');
    const bob = await server.createUserAndToken('bob');
    const canvasId = await server.createCanvas(alice.token, 'shared');
    await server.addCollaborator(alice.userId, canvasId, bob.userId);
    const socket = await hostSocket(alice.token);
    const transport = socketTransport(socket);
    const joined = await transport.request('join-canvas', { canvasId });
    expect(joined.ok).toBe(true);

    transport.close();
    expect(socket.connected).toBe(true);
    const afterClose: unknown[] = [];
    socket.on('updated-canvas', (message) => afterClose.push(message));

    // Another tab of Alice's on the canvas sees Bob's stroke; then a round trip on the closed
    // transport's socket: anything the room got before it would have arrived by its answer.
    const observer = await openTab(server.url, alice, canvasId);
    const drawer = await openTab(server.url, bob, canvasId);
    tabs.push(observer, drawer);
    drawer.board.draw([rect('b1')]);
    await until(observer, () => observer.board.get('b1') !== undefined, 'the stroke');
    await socket.timeout(5000).emitWithAck('close-canvas', { canvasId });
    expect(afterClose).toEqual([]);
  });

  it('says unauthorized when the session is ended elsewhere (signed out)', async () => {
    const alice = await server.createUserAndToken('alice');
    const socket = await hostSocket(alice.token);
    const transport = socketTransport(socket);
    expect(await firstValueFrom(transport.status$)).toBe('connected');
    const response = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { 'auth-token': alice.token },
    });
    expect(response.ok).toBe(true);
    await firstValueFrom(transport.status$.pipe(filter((status) => status === 'unauthorized')));
    transport.close();
  });

  it('says unauthorized when the handshake refuses the token', async () => {
    const socket: TabulaSocket = io(server.url, {
      auth: { token: 'not-a-session' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const transport = socketTransport(socket);
    await firstValueFrom(transport.status$.pipe(filter((status) => status === 'unauthorized')));
    transport.close();
  });

  it('says ink is not writable right after another message in the same task, and is again once it is written', async () => {
    const alice = await server.createUserAndToken('alice');
    const socket = await hostSocket(alice.token);
    const transport = socketTransport(socket);
    await vi.waitFor(() => expect(transport.inkWritable?.()).toBe(true), { timeout: 15_000 });
    transport.pointer({ canvasId: 'c1', x: 1, y: 2 });
    // Socket.IO would silently drop a volatile ink sent now.
    expect(transport.inkWritable?.()).toBe(false);
    await vi.waitFor(() => expect(transport.inkWritable?.()).toBe(true), { timeout: 15_000 });
    transport.close();
    expect(transport.inkWritable?.()).toBe(false);
  });
});
