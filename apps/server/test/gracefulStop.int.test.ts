/**
 * A graceful stop of the real server (`src/main.ts` in a child process): SIGTERM while a client
 * keeps committing strokes. The server stops accepting, closes the socket's transport (the
 * client sees `transport close`, the reason on which Socket.IO reconnects by itself, unlike the
 * `io server disconnect` of a deliberate kick), lets the appends under way commit and exits
 * with code 0 within the 10 s a service manager allows. Restarted on the same data directory,
 * it serves every stroke that was acknowledged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { element } from './scenario';
import type { ClientSocket } from './testServer';
import { emitWithAck, newUser } from './testServer';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-stop-'));
/** The stop must be over within what a service manager allows before SIGKILL. */
const STOP_LIMIT_MS = 10_000;

const servers: TabulaServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server on the data directory, as an operator's environment alone configures it. */
async function startServer(): Promise<TabulaServer> {
  const server = await startTabulaServer({
    dataDir,
    inheritEnv: false,
    env: { DEMO_ACCOUNTS: 'off', LOG_FORMAT: 'json' },
  });
  servers.push(server);
  return server;
}

async function post<T>(url: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T };
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer.data;
}

function socketTo(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

it('SIGTERM while a client commits: exit code 0 within 10 s, every acked stroke kept', async () => {
  const first = await startServer();
  const user = await post<{ token: string }>(first.url, '/auth/createuser', newUser('stopper'));
  const canvas = await post<{ _id: string }>(
    first.url,
    '/canvas/createcanvas',
    { name: 'Board' },
    user.token,
  );
  const socket = await socketTo(first.url, user.token);
  expect(await emitWithAck(socket, 'join-canvas', { canvasId: canvas._id })).toMatchObject({
    ok: true,
  });
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

  // Strokes go out four at a time and keep going until the transport closes.
  const acked: string[] = [];
  let sent = 0;
  let open = true;
  void disconnected.then(() => (open = false));
  const commit = async (): Promise<void> => {
    while (open) {
      const id = `stroke-${(sent += 1)}`;
      const answer = await Promise.race([
        emitWithAck(socket, 'canvas-update', {
          canvasId: canvas._id,
          eventId: `evt-${id}`,
          elements: [element(id, { type: 'freedraw', points: [[0, 0]] })],
        }),
        disconnected.then(() => undefined),
      ]);
      if (answer?.ok) acked.push(id);
    }
  };
  const committers = Array.from({ length: 4 }, () => commit());
  // SIGTERM in the middle of the drawing: once 40 strokes are acknowledged.
  while (acked.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
  const signalled = Date.now();
  expect(await first.stop()).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(STOP_LIMIT_MS);
  expect(await disconnected).toBe('transport close');
  await Promise.all(committers);

  const second = await startServer();
  const response = await fetch(`${second.url}/canvas/getcanvas/${canvas._id}`, {
    headers: { 'auth-token': user.token },
  });
  const scene = ((await response.json()) as { data: { elements: { id: string }[] } }).data;
  const stored = new Set(scene.elements.map((stroke) => stroke.id));
  expect(acked.filter((id) => !stored.has(id))).toEqual([]);
  expect(await second.stop()).toBe(0);
});
