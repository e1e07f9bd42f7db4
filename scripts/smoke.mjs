// A start-and-smoke run of the built server on whatever Node runs this script (CI runs it on
// Node 22 after the whole suite ran on 24): `node scripts/smoke.mjs`. It starts
// apps/server/dist/main.js on a free port and a fresh data directory, waits until /ready says
// 200, signs a user up, opens a canvas from two sockets and checks that a stroke sent by one
// is acknowledged and reaches the other. Exit code 0 when all of that holds.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = fileURLToPath(new URL('..', import.meta.url));
// socket.io-client is the server workspace's dependency (its tests use it).
const { io } = createRequire(path.join(root, 'apps/server/package.json'))('socket.io-client');
/** Hang guard of the whole run, sized for a busy machine: never a verdict on speed. */
const HANG_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function untilReady(url, server) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${url}/ready`).catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function post(url, route, body, token) {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

function connect(url, token) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function join(socket, canvasId) {
  const ack = await socket.emitWithAck('join-canvas', { canvasId });
  if (!ack.ok) throw new Error(`join-canvas: ${JSON.stringify(ack)}`);
}

async function smoke(url) {
  const name = `smoke${Date.now().toString(36)}`;
  const user = await post(url, '/auth/createuser', {
    name,
    username: name,
    email: `${name}@example.com`,
    password: 'correct horse battery',
  });
  const canvas = await post(url, '/canvas/createcanvas', { name: 'Smoke' }, user.token);
  const [drawer, watcher] = [await connect(url, user.token), await connect(url, user.token)];
  await join(drawer, canvas._id);
  await join(watcher, canvas._id);
  const seen = new Promise((resolve) => watcher.on('updated-canvas', resolve));
  const stroke = {
    id: 'smoke-stroke',
    type: 'freedraw',
    x: 0,
    y: 0,
    width: 5,
    height: 5,
    version: 1,
    versionNonce: 1,
    isDeleted: false,
    index: 'a0',
    points: [
      [0, 0],
      [5, 5],
    ],
  };
  const ack = await drawer.emitWithAck('canvas-update', {
    canvasId: canvas._id,
    eventId: `smoke-${Date.now()}`,
    elements: [stroke],
  });
  if (!ack.ok) throw new Error(`canvas-update: ${JSON.stringify(ack)}`);
  const update = await seen;
  if (!update.elements?.some((element) => element.id === stroke.id))
    throw new Error(`the watcher got ${JSON.stringify(update)}`);
  drawer.close();
  watcher.close();
  return ack.data?.revision;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-smoke-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const guard = setTimeout(() => {
  console.error(`[smoke] no answer within ${HANG_MS} ms`);
  server.kill('SIGKILL');
  process.exit(1);
}, HANG_MS);
try {
  await untilReady(url, server);
  const revision = await smoke(url);
  console.error(
    `[smoke] Node ${process.version}: /ready 200, a stroke acked (revision ${revision}) and seen by a second socket`,
  );
} catch (error) {
  console.error(`[smoke] Node ${process.version}: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  clearTimeout(guard);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
