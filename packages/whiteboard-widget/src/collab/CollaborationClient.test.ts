/**
 * The sync engine against the real server (in this process, in-memory event store) over real
 * Socket.IO transports; `TestBoard` stands in for the editor.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Event, SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { rect, stroke } from '../test/elements';
// Tests only: the real server in this process (the widget's code never imports the server).
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import { openTab, until } from '../test/testBoard';
import type { TestTab } from '../test/testBoard';
import { CollaborationClient } from './CollaborationClient';
import type { CollaborationError } from './CollaborationClient';
import { ManualScheduler } from './scheduler';
import { socketIoTransport } from './socketIoTransport';

let server: InMemoryServer;
const tabs: TestTab[] = [];
const closers: (() => void)[] = [];

beforeAll(async () => {
  server = await startInMemoryServer();
});

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
  for (const close of closers.splice(0)) close();
});

afterAll(async () => {
  await server?.close();
});

/** Alice's canvas, shared with Bob. */
async function sharedCanvas(): Promise<{ alice: TestUser; bob: TestUser; canvasId: string }> {
  const alice = await server.createUserAndToken('alice');
  const bob = await server.createUserAndToken('bob');
  const canvasId = await server.createCanvas(alice.token, 'engine');
  await server.addCollaborator(alice.userId, canvasId, bob.userId);
  return { alice, bob, canvasId };
}

async function open(...args: Parameters<typeof openTab>): Promise<TestTab> {
  const tab = await openTab(...args);
  tabs.push(tab);
  return tab;
}

function linesDrawn(events: Event[], canvasId: string) {
  return events.filter(
    (event) =>
      event.type === 'LineDrawn' && (event.data as { canvasId: string }).canvasId === canvasId,
  ) as unknown as { data: { elements: SceneElement[]; timing?: Record<string, number[]> } }[];
}

const visibleIds = (tab: TestTab) =>
  tab.board.scene.filter((element) => !element.isDeleted).map((element) => element.id);

describe('CollaborationClient against the real server', () => {
  it('opens with the joined scene and sends finished changes, acknowledged and shown to peers', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    a.board.draw([rect('r1'), rect('r2')]);
    expect(a.client.pendingCount).toBe(1);
    await until(a, () => a.client.pendingCount === 0, 'the ack');

    const b = await open(server.url, bob, canvasId);
    expect(visibleIds(b).sort()).toEqual(['r1', 'r2']);
    a.board.draw([rect('r1', 2, { x: 50 })]);
    await until(b, () => b.board.get('r1')?.version === 2, 'the peer change');
    expect(b.board.get('r1')?.x).toBe(50);
    // Applied peers' changes are not reported back as local ones.
    expect(b.client.pendingCount).toBe(0);
  });

  it('commits carry their gesture timing, stored in LineDrawn', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const a = await open(server.url, alice, canvasId, { scheduler });
    a.board.draw([stroke('s', 1)], ['s']);
    scheduler.advance(20);
    a.board.draw([stroke('s', 3)], ['s']);
    scheduler.advance(30);
    a.board.draw([stroke('s', 4)], ['s']);
    a.board.draw([stroke('s', 4, 5)]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');

    const [line] = linesDrawn(await server.events(), canvasId);
    expect(line?.data.timing).toEqual({ s: [0, 20, 20, 50] });
  });

  it('sends ink at most once per frame, freedraw as point patches; the peer previews it and the commit replaces it', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const a = await open(server.url, alice, canvasId, { scheduler, inkIntervalMs: 16 });
    const b = await open(server.url, bob, canvasId);
    const received: InkMessage[] = [];
    const inks = b.transport.events('ink').subscribe((message) => received.push(message));

    a.board.draw([stroke('s', 2)], ['s']); // the first message: the whole element
    a.board.draw([stroke('s', 3)], ['s']); // same frame: waits
    a.board.draw([stroke('s', 5)], ['s']); // same frame: the newest wins
    await until(b, () => (b.board.get('s')?.points as unknown[])?.length === 2, 'the first ink');
    expect(received).toHaveLength(1);
    expect(received[0]?.elements?.map((e) => e.id)).toEqual(['s']);

    scheduler.advance(16);
    await until(b, () => (b.board.get('s')?.points as unknown[])?.length === 5, 'the patch');
    expect(received).toHaveLength(2);
    expect(received[1]?.elements).toBeUndefined();
    expect(received[1]?.patches?.[0]).toMatchObject({ id: 's', fromIndex: 2 });
    expect(received[1]?.patches?.[0]?.points).toHaveLength(3);
    // A preview is not a local change of Bob's.
    expect(b.client.pendingCount).toBe(0);

    a.board.draw([{ ...stroke('s', 6, 9), y: 7 }]);
    await until(b, () => b.board.get('s')?.version === 9, 'the commit');
    expect(b.board.get('s')).toMatchObject({ y: 7, version: 9 });
    expect((b.board.get('s')?.points as unknown[]).length).toBe(6);
    inks.unsubscribe();
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server.events(), canvasId)).toHaveLength(1);
  });

  it('removes a preview whose commit never comes: the peer left, or nothing heard for 10 s', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const b = await open(server.url, bob, canvasId, { scheduler });
    const a = await open(server.url, alice, canvasId);
    b.board.draw([rect('kept')]);
    await until(b, () => b.client.pendingCount === 0, 'the ack');

    a.board.draw([stroke('p', 3)], ['p']);
    await until(b, () => b.board.get('p') !== undefined, 'the preview');
    scheduler.advance(9_999);
    expect(b.board.get('p')).toBeDefined();
    scheduler.advance(1);
    expect(b.board.get('p')).toBeUndefined();
    expect(visibleIds(b)).toEqual(['kept']);
  });

  it('never puts an old copy back over a local change when a peer’s preview ends', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const a = await open(server.url, alice, canvasId, { scheduler });
    const b = await open(server.url, bob, canvasId);
    b.board.draw([rect('e', 1)]);
    await until(a, () => a.board.get('e') !== undefined, 'the element');

    let inkArrived = false;
    const inks = a.transport.events('ink').subscribe(() => (inkArrived = true));
    a.board.draw([rect('e', 2, { x: 20 })], ['e']); // Alice drags it…
    b.board.draw([rect('e', 3, { x: 300 })], ['e']); // …and so does Bob (ink only)
    await until(a, () => inkArrived, 'Bob’s ink');
    inks.unsubscribe();
    a.board.draw([rect('e', 10, { x: 40 })]); // Alice's drag ends and is committed
    scheduler.advance(10_000); // Bob's preview expires
    expect(a.board.get('e')).toMatchObject({ version: 10, x: 40 });
  });

  it('removes the previews of a peer who disconnects', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const b = await open(server.url, bob, canvasId);
    const a = await open(server.url, alice, canvasId);
    await a.transport.socket.timeout(5000).emitWithAck('online', {
      userId: alice.userId,
      username: alice.username,
      profilePhoto: '',
    });
    a.board.draw([stroke('p', 3)], ['p']);
    await until(b, () => b.board.get('p') !== undefined, 'the preview');
    a.close();
    await until(b, () => b.board.get('p') === undefined, 'the preview to go');
  });

  it('keeps an element being edited; the peer’s winning copy lands when the edit ends', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const b = await open(server.url, bob, canvasId);
    a.board.draw([rect('e', 1)]);
    await until(b, () => b.board.get('e') !== undefined, 'the element');

    let bobsCommitArrived = false;
    const commits = a.transport.events('updated-canvas').subscribe((message) => {
      if (message.elements.some((element) => element.version === 8)) bobsCommitArrived = true;
    });
    a.board.draw([rect('e', 2, { x: 20 })], ['e']); // Alice drags it
    b.board.draw([rect('e', 8, { x: 800 })]);
    await until(a, () => bobsCommitArrived, 'Bob’s commit');
    commits.unsubscribe();
    expect(a.board.get('e')?.x).toBe(20);

    a.board.draw([rect('e', 3, { x: 30 })]); // the drag ends below Bob's version
    expect(a.board.get('e')).toMatchObject({ version: 8, x: 800 });
  });

  it('keeps changes made while disconnected and resends them after the re-join, stored once', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const b = await open(server.url, bob, canvasId);
    a.transport.socket.disconnect();
    await until(a, () => a.client.status === 'offline', 'offline');
    a.board.draw([rect('off1')]);
    a.board.draw([rect('off2')]);
    expect(a.client.pendingCount).toBe(2);
    b.board.draw([rect('meanwhile')]);
    await until(b, () => b.client.pendingCount === 0, 'Bob’s ack');

    a.transport.socket.connect();
    await until(a, () => a.client.status === 'live' && a.client.pendingCount === 0, 'the resend');
    expect(visibleIds(a).sort()).toEqual(['meanwhile', 'off1', 'off2']);
    await until(b, () => visibleIds(b).length === 3, 'Alice’s changes at Bob');
    const stored = linesDrawn(await server.events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored.sort()).toEqual(['meanwhile', 'off1', 'off2']);
  });

  it('keeps unsent changes in outboxStorage and resends them on the next join', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const storage = new Map<string, string>();
    const outboxStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const a = await open(server.url, alice, canvasId, { outboxStorage });
    a.transport.socket.disconnect();
    await until(a, () => a.client.status === 'offline', 'offline');
    a.board.draw([rect('kept1')]);
    a.close();
    expect(storage.size).toBe(1);

    const again = await open(server.url, alice, canvasId, { outboxStorage });
    expect(visibleIds(again)).toEqual(['kept1']);
    await until(again, () => again.client.pendingCount === 0, 'the resend');
    expect(storage.size).toBe(0);
    const b = await open(server.url, bob, canvasId);
    expect(visibleIds(b)).toEqual(['kept1']);
  });

  it('reports signed-out when the server refuses the session', async () => {
    const transport = socketIoTransport(server.url, 'not-a-session', {
      socketOptions: { transports: ['websocket'], forceNew: true, reconnection: false },
    });
    const client = new CollaborationClient({ transport, canvasId: 'any' });
    closers.push(
      () => client.dispose(),
      () => transport.close(),
    );
    const errors: CollaborationError[] = [];
    client.errors$.subscribe((error) => errors.push(error));
    client.start();
    await firstValueFrom(client.status$.pipe(filter((status) => status === 'signed-out')));
    expect(errors.map((error) => error.kind)).toEqual(['signed-out']);
  });

  it('reports a refused join with the server’s code, and never gives a scene', async () => {
    const { alice } = await sharedCanvas();
    const stranger = await server.createUserAndToken('eve');
    const othersCanvas = await server.createCanvas(alice.token, 'private');
    // A canvas that is not yours: the server's code (FORBIDDEN or NOT_FOUND), whichever it is.
    for (const [canvasId, codes] of [
      ['000000000000000000000000', ['NOT_FOUND']],
      [othersCanvas, ['FORBIDDEN', 'NOT_FOUND']],
    ] as const) {
      const tab = await open(server.url, stranger, canvasId, {}, false);
      const error = await firstValueFrom(tab.client.errors$);
      expect(error.kind).toBe('join-refused');
      expect(codes).toContain(error.code);
      await expect(tab.client.initialScene()).rejects.toThrow();
      expect(tab.client.status).toBe('closed');
    }
  });
});
