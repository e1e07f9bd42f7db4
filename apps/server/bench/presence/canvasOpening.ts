/**
 * A class opening one canvas: n users, all members of the canvas and online already (delta
 * sockets, as the web app connects), open it one after another (each waits for its ack), then
 * close it one after another. Every byte the server sends to every socket while they do is
 * counted (Engine.IO message packets as received), by event, until every socket knows who has
 * the canvas open (a condition, not a time): after the opening, each one sees all n; after the
 * closing, the last one sees only itself.
 */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { announcedOnline } from './benchApp';
import type { BenchUser } from './benchApp';

/** Bytes per event name (`ack` for acks), and their sum. */
export interface Bytes {
  total: number;
  byEvent: Record<string, number>;
}

/** Counts what the server sends to `socket`, into `bytes`, while `counting()` says so. */
export function countBytes(socket: Socket, bytes: Bytes, counting: () => boolean): void {
  socket.io.on('open', () => {
    socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (!counting() || packet.type !== 'message' || typeof packet.data !== 'string') return;
      const size = Buffer.byteLength(packet.data) + 1;
      const event = packet.data.startsWith('3')
        ? 'ack'
        : (/^2\d*\["([^"]+)"/.exec(packet.data)?.[1] ?? 'other');
      bytes.total += size;
      bytes.byEvent[event] = (bytes.byEvent[event] ?? 0) + size;
    });
  });
}

interface Client {
  user: BenchUser;
  socket: Socket;
  /** Who has the canvas open, as this socket was told. */
  people: Set<string>;
  online: Set<string>;
}

function open(
  url: string,
  user: BenchUser,
  canvasId: string,
  bytes: Bytes,
  counting: () => boolean,
) {
  const socket = connect(url, {
    auth: { token: user.token, presence: 'deltas' },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  countBytes(socket, bytes, counting);
  const client: Client = { user, socket, people: new Set(), online: new Set() };
  // Today's message (the whole list) and its delta form, whichever the server sends.
  socket.on('canvas-people', (message: { canvasId: string; userIds: string[] }) => {
    if (message.canvasId !== canvasId) return;
    client.people = new Set(message.userIds);
  });
  socket.on(
    'canvas-people-changed',
    (message: { canvasId: string; joined: string[]; left: string[] }) => {
      if (message.canvasId !== canvasId) return;
      for (const id of message.joined) client.people.add(id);
      for (const id of message.left) client.people.delete(id);
    },
  );
  socket.on('online-users', ({ users }: { users: { userId: string }[] }) => {
    client.online = new Set(users.map((u) => u.userId));
  });
  socket.on(
    'online-users-changed',
    ({ joined, left }: { joined: { userId: string }[]; left: string[] }) => {
      for (const u of joined) client.online.add(u.userId);
      for (const id of left) client.online.delete(id);
    },
  );
  return { client, ready: announcedOnline(socket, user) };
}

/** Resolves once `done()` holds (checked every 20 ms; the deadline is a hang guard only). */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`canvas opening bench: never ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<unknown> {
  return new Promise((resolve, reject) =>
    socket.emit(event, payload, (answer: { ok: boolean; error?: unknown }) =>
      answer.ok ? resolve(answer) : reject(new Error(JSON.stringify(answer.error))),
    ),
  );
}

const mb = (bytes: number) => Number((bytes / 1e6).toFixed(2));
const inMb = (bytes: Bytes) => ({
  mb: mb(bytes.total),
  byEventMb: Object.fromEntries(
    Object.entries(bytes.byEvent)
      .sort(([, a], [, b]) => b - a)
      .map(([event, n]) => [event, mb(n)]),
  ),
});

export async function canvasOpening(url: string, users: BenchUser[], canvasId: string) {
  let phase: 'connecting' | 'opening' | 'closing' | 'done' = 'connecting';
  const opening: Bytes = { total: 0, byEvent: {} };
  const closing: Bytes = { total: 0, byEvent: {} };
  const counted = (name: typeof phase) => () => phase === name;
  const clients: Client[] = [];
  for (const user of users) {
    // Two counters: each packet lands in the phase it arrived in.
    const { client, ready } = open(url, user, canvasId, opening, counted('opening'));
    countBytes(client.socket, closing, counted('closing'));
    clients.push(client);
    await ready;
  }
  await until(() => clients.every((c) => c.online.size >= users.length), 'saw everyone online');

  phase = 'opening';
  let started = performance.now();
  for (const client of clients) await emitWithAck(client.socket, 'join-canvas', { canvasId });
  await until(
    () => clients.every((c) => c.people.size === users.length),
    'saw everyone on the canvas',
  );
  const openingMs = Math.round(performance.now() - started);

  phase = 'closing';
  started = performance.now();
  const last = clients[clients.length - 1]!;
  for (const client of clients.slice(0, -1))
    await emitWithAck(client.socket, 'close-canvas', { canvasId });
  await until(() => last.people.size === 1, 'saw everyone leave');
  await emitWithAck(last.socket, 'close-canvas', { canvasId });
  const closingMs = Math.round(performance.now() - started);
  phase = 'done';
  for (const client of clients) client.socket.disconnect();
  return {
    users: users.length,
    opening: { ...inMb(opening), ms: openingMs },
    closing: { ...inMb(closing), ms: closingMs },
    totalMb: mb(opening.total + closing.total),
  };
}
