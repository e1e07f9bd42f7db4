/**
 * Two nodes of the app in one process, sharing one event log and joined by the Redis streams
 * Socket.IO adapter (as in a multi-node deployment): drawings reach a peer on the other node
 * through each node's tail of the log, and ink through the adapter.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { createApp } from '../src/app';
import type { TabulaApp } from '../src/app';
import { CanvasesService } from '../src/features/canvases/canvases.service';
import { createInMemoryEventStore } from '../src/infrastructure/eventStore/inMemoryEventStore';
import { createInMemoryReadModelStore } from '../src/infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../src/features/presence/index';
import { io as connect } from 'socket.io-client';
import type { OnlineUsersChanged } from '@tabula/domain/protocol';
import { element, eventMatching, freshEventId } from './scenario';
import type { ClientSocket } from './testServer';
import { REDIS_URL, connectSocket, emitWithAck, newUser, nextEvent } from './testServer';

describe('two nodes', () => {
  const eventStore = createInMemoryEventStore<Event>();
  const streamName = `tabula-test:socket.io:${randomUUID()}`;
  const clients: Redis[] = [];
  const nodes: { app: TabulaApp; url: string }[] = [];
  const sockets: ClientSocket[] = [];

  async function startNode() {
    const client = new Redis(REDIS_URL);
    clients.push(client);
    const app = await createApp({
      eventStore,
      readModels: createInMemoryReadModelStore(),
      presence: createInMemoryPresenceStore(),
      socketIoAdapter: createAdapter(client, { streamName }) as (nsp: unknown) => unknown,
      logError: () => undefined,
    });
    const node = { app, url: await app.listen(0) };
    nodes.push(node);
    return node;
  }

  async function signUp(url: string) {
    const response = await fetch(`${url}/auth/createuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newUser('node')),
    });
    return ((await response.json()) as { data: { id: string; token: string } }).data;
  }

  /** Waits until every node's read models show the whole log. */
  async function allNodesCurrent() {
    const all = await eventStore.readAll();
    const last = all[all.length - 1]!.position;
    await Promise.all(nodes.map((node) => node.app.context.projections.waitFor(last)));
  }

  let owner: { id: string; token: string };
  let guest: { id: string; token: string };
  let canvasId: string;
  let onA: ClientSocket;
  let onB: ClientSocket;

  beforeAll(async () => {
    const [a, b] = [await startNode(), await startNode()];
    [owner, guest] = [await signUp(a.url), await signUp(a.url)];
    const canvases = new CanvasesService(a.app.context);
    canvasId = (await canvases.create(owner.id, 'Across nodes'))._id;
    await canvases.execute(owner.id, { type: 'InviteUser', data: { canvasId, userId: guest.id } });
    await canvases.execute(guest.id, { type: 'AcceptInvitation', data: { canvasId } });
    await allNodesCurrent();
    [onA, onB] = [
      await connectSocket(a.url, owner.token, sockets),
      await connectSocket(b.url, guest.token, sockets),
    ];
    for (const socket of [onA, onB])
      expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await node.app.close();
    for (const client of clients) client.disconnect();
    await eventStore.close();
  });

  it('relays ink to a peer on the other node, both ways, never back to the sender', async () => {
    const echoed: InkMessage[] = [];
    onA.on('ink', (message) => echoed.push(message));
    const atB = nextEvent<InkMessage>(onB, 'ink');
    expect(await emitWithAck(onA, 'ink', { canvasId, elements: [element('a-ink')] })).toEqual({
      ok: true,
      data: null,
    });
    expect(await atB).toEqual({ canvasId, actorId: owner.id, elements: [element('a-ink')] });
    const atA = nextEvent<InkMessage>(onA, 'ink');
    await emitWithAck(onB, 'ink', { canvasId, elements: [element('b-ink')] });
    expect((await atA).actorId).toBe(guest.id);
    expect(echoed.map((message) => message.actorId)).toEqual([guest.id]);
  });

  it('tells a delta socket on one node who comes online and leaves on the other', async () => {
    const watcher = await signUp(nodes[0]!.url);
    const visitor = await signUp(nodes[1]!.url);
    const deltas: ClientSocket = connect(nodes[0]!.url, {
      auth: { token: watcher.token, presence: 'deltas' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(deltas);
    await nextEvent(deltas, 'online-users');
    const arrived = eventMatching<OnlineUsersChanged>(deltas, 'online-users-changed', (change) =>
      change.joined.some((user) => user.userId === visitor.id),
    );
    const there = await connectSocket(nodes[1]!.url, visitor.token, sockets);
    await arrived;
    const left = eventMatching<OnlineUsersChanged>(deltas, 'online-users-changed', (change) =>
      change.left.includes(visitor.id),
    );
    there.disconnect();
    await left;
  });

  it('delivers a commit to a peer on the other node', async () => {
    const atB = nextEvent<{ revision: number; elements: unknown[] }>(onB, 'updated-canvas');
    const ack = await emitWithAck<{ revision: number }>(onA, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('committed')],
    });
    expect(ack.ok).toBe(true);
    expect(await atB).toMatchObject({
      revision: ack.ok ? ack.data.revision : -1,
      elements: [element('committed')],
    });
  });
});
