import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { rect, sequentialIds, settle } from '../test/elements';
import { CollaborationClient } from './CollaborationClient';
import type { CollaborationError } from './CollaborationClient';
import { InMemoryCanvasServer } from './InMemoryCanvasServer';
import type { InMemoryTransport } from './InMemoryCanvasServer';
import { ManualScheduler } from './scheduler';

const CANVAS = 'canvas-1';
const ALICE = { userId: 'alice', username: 'Alice', profilePhoto: 'data:image/svg+xml,a' };
const BOB = { userId: 'bob', username: 'Bob', profilePhoto: 'data:image/svg+xml,b' };

interface Harness {
  server: InMemoryCanvasServer;
  transport: InMemoryTransport;
  client: CollaborationClient;
  remote: SceneElement[][];
  errors: CollaborationError[];
  scheduler: ManualScheduler;
}

async function startClient(
  server: InMemoryCanvasServer,
  user = ALICE,
  prefix = user.userId,
): Promise<Harness> {
  const transport = server.connect(user);
  const scheduler = new ManualScheduler();
  const client = new CollaborationClient({
    transport,
    canvasId: CANVAS,
    userId: user.userId,
    scheduler,
    newEventId: sequentialIds(prefix),
  });
  const remote: SceneElement[][] = [];
  const errors: CollaborationError[] = [];
  client.remoteChanges$.subscribe((elements) => remote.push(elements));
  client.errors$.subscribe((error) => errors.push(error));
  client.start();
  await settle();
  return { server, transport, client, remote, errors, scheduler };
}

function ids(elements: readonly SceneElement[]): string[] {
  return elements.map((element) => `${element.id}@${element.version}`);
}

describe('CollaborationClient', () => {
  it('joins the canvas and loads its scene', async () => {
    const server = new InMemoryCanvasServer();
    const bob = await startClient(server, BOB);
    bob.client.submit([rect('a'), rect('b')]);
    await settle();

    const alice = await startClient(server);

    expect(alice.client.status).toBe('live');
    expect(ids(alice.client.elements)).toEqual(['a@1', 'b@1']);
    expect(alice.client.revision).toBe(server.revision(CANVAS));
    expect(ids(alice.remote.flat())).toEqual(['a@1', 'b@1']);
  });

  it('sends local deltas as canvas-update with a fresh event id and clears the outbox on ack', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);

    alice.client.submit([rect('a')]);
    alice.client.submit([rect('a', 2), rect('b')]);
    await settle();

    expect(server.changes(CANVAS).map((change) => change.eventId)).toEqual(['alice-1', 'alice-2']);
    expect(ids(server.scene(CANVAS))).toEqual(['a@2', 'b@1']);
    expect(alice.client.pendingCount).toBe(0);
    expect(alice.remote).toEqual([]); // its own echo changes nothing
  });

  it('applies peers’ updates in commit order and ignores a message it already has', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);

    bob.client.submit([rect('x', 1)]);
    bob.client.submit([rect('x', 2)]);
    bob.client.submit([rect('x', 3, { isDeleted: true })]);
    await settle();
    const first = server.changes(CANVAS)[0]!;
    alice.transport.deliver('updated-canvas', {
      canvasId: CANVAS,
      ...first,
      elements: [rect('x', 1)],
    });

    expect(alice.remote.map(ids)).toEqual([['x@1'], ['x@2'], ['x@3']]);
    expect(alice.client.elements).toEqual(server.scene(CANVAS));
    expect(alice.client.revision).toBe(3);
  });

  it('keeps changes made offline and resends the outbox after reconnecting, stored once', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    alice.transport.holdAcks = true;

    alice.client.submit([rect('a')]); // reaches the server, its ack is lost with the connection
    alice.transport.disconnect();
    await settle();
    alice.client.submit([rect('b')]); // made offline
    await settle();
    expect(alice.client.status).toBe('offline');
    expect(alice.client.pendingCount).toBe(2);

    alice.transport.holdAcks = false;
    alice.transport.reconnect();
    await settle();

    expect(alice.client.status).toBe('live');
    expect(alice.client.pendingCount).toBe(0);
    expect(server.changes(CANVAS).map((change) => change.eventId)).toEqual(['alice-1', 'alice-2']);
    expect(ids(server.scene(CANVAS))).toEqual(['a@1', 'b@1']);
  });

  it('ignores a duplicate, late ack', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const pending: number[] = [];
    alice.client.pending$.subscribe((count) => pending.push(count));
    alice.transport.holdAcks = true;

    alice.client.submit([rect('a')]);
    alice.transport.disconnect({ keepHeldAcks: true });
    alice.transport.holdAcks = false;
    alice.transport.reconnect();
    await settle();
    alice.client.submit([rect('b')]);
    alice.transport.releaseAcks(); // the first send's ack arrives after the resend's
    await settle();

    expect(alice.client.pendingCount).toBe(0);
    expect(pending).toEqual([0, 1, 0, 1, 0]);
    expect(alice.errors).toEqual([]);
    expect(server.changes(CANVAS)).toHaveLength(2);
  });

  it('catches up from the last revision it saw after a gap, with nothing missing or repeated', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);
    bob.client.submit([rect('a')]);
    await settle();
    const joins: unknown[] = [];
    const request = alice.transport.request.bind(alice.transport);
    alice.transport.request = (event, payload) => {
      if (event === 'join-canvas') joins.push(payload);
      return request(event, payload);
    };

    alice.transport.disconnect();
    bob.client.submit([rect('b')]);
    bob.client.submit([rect('a', 2)]);
    bob.client.submit([rect('c')]);
    await settle();
    alice.transport.reconnect();
    await settle();

    expect(joins).toEqual([{ canvasId: CANVAS, sinceRevision: 1 }]);
    expect(alice.client.elements).toEqual(server.scene(CANVAS));
    expect(alice.client.revision).toBe(4);
    expect(alice.remote.map(ids)).toEqual([['a@1'], ['b@1'], ['a@2'], ['c@1']]);
  });

  it('does not yank an element being edited; a peer’s winning copy lands when the edit ends', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);
    bob.client.submit([rect('s', 1), rect('t', 1)]);
    await settle();

    alice.client.setEditing(new Set(['s']));
    bob.client.submit([rect('s', 5, { x: 500 }), rect('t', 2)]);
    await settle();

    expect(ids(alice.client.elements)).toEqual(['s@1', 't@2']);
    expect(alice.remote.at(-1)!.map((element) => element.id)).toEqual(['t']);

    alice.client.setEditing(new Set());
    expect(ids(alice.client.elements)).toEqual(['s@5', 't@2']);
    expect(alice.remote.at(-1)).toEqual([rect('s', 5, { x: 500 })]);
  });

  it('keeps the local stroke when it ends with a higher version than the peer’s', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);

    alice.client.setEditing(new Set(['s']));
    alice.client.submit([rect('s', 1)]);
    await settle();
    bob.client.submit([rect('s', 3, { x: 300 })]);
    await settle();
    alice.client.submit([rect('s', 9, { x: 900 })]);
    alice.client.setEditing(new Set());
    await settle();

    expect(ids(alice.client.elements)).toEqual(['s@9']);
    expect(ids(bob.client.elements)).toEqual(['s@9']);
    expect(ids(server.scene(CANVAS))).toEqual(['s@9']);
  });

  it('sends at most 30 pointers a second and always the last position', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);
    const seen: { x: number; at: number }[] = [];
    bob.transport
      .events('pointer-moved')
      .subscribe((message) => seen.push({ x: message.x, at: alice.scheduler.now() }));

    for (let i = 1; i <= 100; i += 1) {
      alice.client.movePointer({ x: i, y: 0, tool: 'pointer' });
      alice.scheduler.advance(10); // 100 moves over one second
    }
    alice.scheduler.advance(100);

    const gaps = seen.slice(1).map((message, i) => message.at - seen[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / 30);
    expect(seen.filter((message) => message.at < 1000).length).toBeLessThanOrEqual(30);
    expect(seen.length).toBeGreaterThanOrEqual(25);
    expect(seen.at(-1)!.x).toBe(100);
  });

  it('lists peers with their cursors and avatars, leaving out the local user', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    const bob = await startClient(server, BOB);
    const lists: unknown[] = [];
    alice.client.peers$.subscribe((list) => lists.push(list));
    expect(lists.at(-1)).toEqual([{ userId: 'bob', username: 'Bob', avatarUrl: BOB.profilePhoto }]);

    bob.client.movePointer({ x: 3, y: 4, tool: 'pointer' });

    expect(lists.at(-1)).toEqual([
      {
        userId: 'bob',
        username: 'Bob',
        avatarUrl: BOB.profilePhoto,
        pointer: { x: 3, y: 4, tool: 'pointer' },
      },
    ]);
    bob.transport.disconnect();
    expect(lists.at(-1)).toEqual([]);
  });

  it('drops an update the server refuses and reports it', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);
    alice.transport.request = () =>
      Promise.resolve({
        ok: false,
        error: { code: 'INVALID', message: 'Element type not allowed.' },
      });

    alice.client.submit([rect('a', 1, { type: 'iframe' })]);
    await settle();

    expect(alice.client.pendingCount).toBe(0);
    expect(alice.errors).toEqual([
      { kind: 'update-refused', message: 'Element type not allowed.', code: 'INVALID' },
    ]);
  });

  it('splits a large change into updates of at most 1000 elements', async () => {
    const server = new InMemoryCanvasServer();
    const alice = await startClient(server);

    alice.client.submit(Array.from({ length: 2500 }, (_, i) => rect(`n${i}`)));
    await settle();

    expect(server.changes(CANVAS).map((change) => change.elements.length)).toEqual([
      1000, 1000, 500,
    ]);
    expect(server.scene(CANVAS)).toHaveLength(2500);
  });
});
