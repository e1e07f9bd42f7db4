/**
 * Bytes of presence: 300 users connect (one after another, as people arrive, or all at once,
 * as after a restart) and each announces itself `online`, as the web app does. Every byte the
 * server sends to every socket is counted (Engine.IO message packets as received) until every
 * client knows all the users are online (a condition, not a time). `full` sockets are the
 * spec's clients (the whole `get-online-users` map, at most once a second per socket since
 * issue 25; before, on every change); `deltas` sockets ask for the initial list and deltas.
 */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { OnlineUsersChanged, OnlineUsersList } from '@tabula/domain/protocol';
import { announcedOnline } from './benchApp';
import type { BenchUser } from './benchApp';

export type PresenceMode = 'full' | 'deltas';

interface Client {
  socket: Socket;
  known: () => number;
}

function open(url: string, user: BenchUser, mode: PresenceMode, counter: { bytes: number }) {
  const auth =
    mode === 'deltas' ? { token: user.token, presence: 'deltas' } : { token: user.token };
  const socket = connect(url, {
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  socket.io.on('open', () => {
    socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type === 'message' && typeof packet.data === 'string')
        counter.bytes += Buffer.byteLength(packet.data) + 1;
    });
  });
  const online = new Set<string>();
  socket.on('get-online-users', (users: Record<string, unknown>) => {
    online.clear();
    for (const id of Object.keys(users)) online.add(id);
  });
  socket.on('online-users', ({ users }: OnlineUsersList) => {
    online.clear();
    for (const user of users) online.add(user.userId);
  });
  socket.on('online-users-changed', ({ joined, left }: OnlineUsersChanged) => {
    for (const user of joined) online.add(user.userId);
    for (const id of left) online.delete(id);
  });
  const client: Client = { socket, known: () => online.size };
  return { client, ready: announcedOnline(socket, user) };
}

/** Resolves once every client knows `count` users online (checked on each message). */
async function everyoneKnows(clients: Client[], count: number): Promise<void> {
  const deadline = Date.now() + 120_000; // a hang guard only
  while (clients.some((client) => client.known() < count)) {
    if (Date.now() > deadline) throw new Error('presence bench: clients never saw everyone');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function presenceBytes(
  url: string,
  users: BenchUser[],
  mode: PresenceMode,
  arrival: 'one-by-one' | 'all-at-once',
): Promise<{ bytes: number; perUser: number; ms: number }> {
  const counter = { bytes: 0 };
  const clients: Client[] = [];
  const started = performance.now();
  if (arrival === 'one-by-one') {
    for (const user of users) {
      const { client, ready } = open(url, user, mode, counter);
      clients.push(client);
      await ready;
    }
  } else {
    const opened = users.map((user) => open(url, user, mode, counter));
    clients.push(...opened.map((item) => item.client));
    await Promise.all(opened.map((item) => item.ready));
  }
  await everyoneKnows(clients, users.length);
  const ms = performance.now() - started;
  const bytes = counter.bytes;
  for (const client of clients) client.socket.disconnect();
  return { bytes, perUser: Math.round(bytes / users.length), ms: Math.round(ms) };
}
