/**
 * The sync engine against the real server (in this process, in-memory event store) over real
 * Socket.IO transports; `TestBoard` stands in for the editor.
 */
import { filter, firstValueFrom, of } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Event, SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { rect, stroke } from '../test/elements';
// Tests only: the real server in this process (the widget's code never imports the server).
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import { drain, intercept, openTab, until } from '../test/testBoard';
import type { TestTab } from '../test/testBoard';
import { CollaborationClient, JoinRefusedError } from './CollaborationClient';
import type { CollaborationError } from './CollaborationClient';
import { ManualScheduler } from './scheduler';
import { socketIoTransport } from './socketIoTransport';
import { TransportError } from './Transport';

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

  it('removes a preview whose commit never comes after 10 s without news', async () => {
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

  /** Bob's element `e` on Alice's board, then Bob's preview of it (a drag to x 300) there. */
  async function bobsPreviewAtAlice(alicesDrag: (a: TestTab) => void = () => undefined) {
    const { alice, bob, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const a = await open(server.url, alice, canvasId, { scheduler });
    const b = await open(server.url, bob, canvasId);
    b.board.draw([rect('e', 1)]);
    await until(a, () => a.board.get('e') !== undefined, 'the element');
    let inkArrived = false;
    const inks = a.transport.events('ink').subscribe(() => (inkArrived = true));
    alicesDrag(a);
    b.board.draw([rect('e', 3, { x: 300 })], ['e']); // Bob drags it (ink only)
    await until(a, () => inkArrived, 'Bob’s ink');
    inks.unsubscribe();
    return { a, scheduler };
  }

  it('never puts an old copy back over a local change when a peer’s preview ends', async () => {
    const { a, scheduler } = await bobsPreviewAtAlice((alice) =>
      alice.board.draw([rect('e', 2, { x: 20 })], ['e']),
    );
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
      await expect(tab.client.initialScene()).rejects.toBeInstanceOf(JoinRefusedError);
      expect(tab.client.status).toBe('closed');
    }
  });

  it('joins again, after a backoff, when the join ack times out on a live connection', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const timedOut = intercept('join-canvas', (call) =>
      call === 1 ? Promise.reject(new TransportError('timeout')) : null,
    );
    const a = await open(server.url, alice, canvasId, { scheduler }, false, timedOut.wrap);
    await until(a, () => a.client.status === 'joining' && timedOut.calls() === 1, 'the first join');
    await drain();
    scheduler.advance(1000);
    await a.board.mount();
    await until(a, () => a.client.status === 'live', 'the second join');
    expect(timedOut.calls()).toBe(2);
    a.board.draw([rect('after')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server.events(), canvasId)).toHaveLength(1);
  });

  it('retries a join the server refused as busy (RATE_LIMITED, INTERNAL); strokes after it are kept', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const busy = intercept('join-canvas', (call) =>
      call <= 2
        ? Promise.resolve({
            ok: false as const,
            error: { code: call === 1 ? 'RATE_LIMITED' : 'INTERNAL', message: 'busy' },
          })
        : null,
    );
    const a = await open(server.url, alice, canvasId, { scheduler }, false, busy.wrap);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    await until(a, () => busy.calls() === 1, 'the first join');
    await drain();
    scheduler.advance(1000);
    expect(busy.calls()).toBe(2);
    await drain();
    scheduler.advance(2000); // the wait doubles
    await a.board.mount();
    await until(a, () => a.client.status === 'live', 'the third join');
    expect(errors).toEqual([]);
    a.board.draw([rect('kept')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server.events(), canvasId)).toHaveLength(1);
  });

  it('sends commits in order: a timed-out one is resent before any newer goes', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    const first = intercept('canvas-update', (call) =>
      call === 1 ? Promise.reject(new TransportError('timeout')) : null,
    );
    const a = await open(server.url, alice, canvasId, { scheduler }, true, first.wrap);
    a.board.draw([rect('one')]);
    a.board.draw([rect('two')]);
    a.board.draw([rect('three')]);
    await drain();
    expect(first.calls()).toBe(1); // one in flight at a time: the others wait behind it
    scheduler.advance(1000);
    await until(a, () => a.client.pendingCount === 0, 'the acks');
    const order = linesDrawn(await server.events(), canvasId).map(
      (line) => line.data.elements[0]?.id,
    );
    expect(order).toEqual(['one', 'two', 'three']);
  });

  it('keeps each tab’s waiting strokes in the shared outboxStorage: another tab’s acks never erase them', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const storage = new Map<string, string>();
    const outboxStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const storedIds = () =>
      [...storage.values()].flatMap((value) =>
        (JSON.parse(value) as { elements: SceneElement[] }[]).flatMap((entry) =>
          entry.elements.map((element) => element.id),
        ),
      );
    const ids = (prefix: string) => {
      let next = 0;
      return () => `${prefix}-${++next}`;
    };
    const one = await open(server.url, alice, canvasId, { outboxStorage, newEventId: ids('one') });
    const two = await open(server.url, alice, canvasId, { outboxStorage, newEventId: ids('two') });
    for (const tab of [one, two]) {
      tab.transport.socket.disconnect();
      await until(tab, () => tab.client.status === 'offline', 'offline');
    }
    one.board.draw([rect('fromOne')]);
    two.board.draw([rect('fromTwo')]);
    expect(storedIds().sort()).toEqual(['fromOne', 'fromTwo']);

    one.transport.socket.connect();
    await until(one, () => one.client.pendingCount === 0, 'tab one’s ack');
    expect(storedIds()).toEqual(['fromTwo']);
    // A disposed client writes nothing (no late ack can touch the list).
    two.client.dispose();
    one.board.draw([rect('later')]);
    await until(one, () => one.client.pendingCount === 0, 'the next ack');
    expect(storedIds()).toEqual(['fromTwo']);
  });

  it('does not commit a peer’s preview that the editor re-indexed in place (one LineDrawn per stroke)', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const b = await open(server.url, bob, canvasId);
    // Bob's editor holds a stroke at the same index as Alice's: taking her preview, it gives
    // hers a new index in place, bumping its version (Excalidraw's syncInvalidIndices).
    b.board.onTake = (scene) => {
      const preview = scene.find((element) => element.id === 'p');
      if (preview && preview.index === 'ap')
        Object.assign(preview, {
          index: 'apV',
          version: preview.version + 1,
          versionNonce: preview.versionNonce + 1,
        });
    };
    a.board.draw([stroke('p', 3)], ['p']);
    await until(b, () => b.board.get('p') !== undefined, 'the preview');
    expect(b.board.get('p')?.index).toBe('apV');
    expect(b.client.pendingCount).toBe(0);
    b.board.onTake = null;
    // Re-indexed again later, on another change of Bob's editor: still not Bob's change.
    b.board.mutate('p', { index: 'apW' });
    expect(b.client.pendingCount).toBe(0);
    a.board.draw([stroke('p', 8, 20)]);
    await until(b, () => b.board.get('p')?.version === 20, 'the commit');
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(b.client.pendingCount).toBe(0);
    const lines = linesDrawn(await server.events(), canvasId);
    expect(lines.flatMap((line) => line.data.elements.map((element) => element.id))).toEqual(['p']);
  });

  it('never undoes the user’s in-place edit of an element when a peer’s preview of it ends', async () => {
    const { a, scheduler } = await bobsPreviewAtAlice();
    expect(a.board.get('e')?.x).toBe(300);
    // Alice drags the preview's object in place, as Excalidraw does, and lets go.
    a.board.mutate('e', { x: 35 }, ['e']);
    a.board.mutate('e', { x: 40 });
    scheduler.advance(10_000); // Bob's preview expires
    expect(a.board.get('e')).toMatchObject({ x: 40 });
    await until(a, () => a.client.pendingCount === 0, 'Alice’s ack');
  });

  it('commits the allowed elements of a change and counts an embed as not saved', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const notSaved: number[] = [];
    a.client.notSaved$.subscribe((count) => notSaved.push(count));
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    a.board.draw([rect('fine'), rect('frame', 1, { type: 'embeddable' })]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    const stored = linesDrawn(await server.events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['fine']);
    expect(notSaved.at(-1)).toBe(1);
    expect(errors).toEqual([]);
    a.board.draw([rect('frame', 2, { type: 'embeddable', isDeleted: true })]);
    expect(notSaved.at(-1)).toBe(0);
  });

  it('applies a deferred update against the scene of the moment it is applied', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const b = await open(server.url, bob, canvasId);
    a.board.draw([rect('x', 1)]);
    await until(b, () => b.board.get('x') !== undefined, 'x');
    b.board.deferUpdates = true; // as <Whiteboard> does for an update asked within onChange
    let arrived = false;
    const commits = b.transport.events('updated-canvas').subscribe(() => (arrived = true));
    a.board.draw([rect('y', 1)]);
    await until(b, () => arrived, 'Alice’s commit');
    commits.unsubscribe();
    b.board.draw([rect('x', 5, { x: 55 })]); // Bob's editor replaces x meanwhile
    b.board.deferUpdates = false;
    b.board.flushDeferred();
    expect(b.board.get('x')).toMatchObject({ version: 5, x: 55 });
    expect(b.board.get('y')).toBeDefined();
  });

  it('says live while the socket works even when navigator.onLine says offline; “waiting” only after a second', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const scheduler = new ManualScheduler();
    let releaseAck: () => void = () => undefined;
    const slow = intercept('canvas-update', (call) =>
      call === 2
        ? new Promise(
            (resolve) => (releaseAck = () => resolve({ ok: true, data: { revision: 0 } } as never)),
          )
        : null,
    );
    const a = await open(
      server.url,
      alice,
      canvasId,
      { scheduler, online$: of(false) },
      true,
      slow.wrap,
    );
    expect(a.client.status).toBe('live');
    const shown: number[] = [];
    a.client.waiting$.subscribe((count) => shown.push(count));
    a.board.draw([rect('quick')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(shown).toEqual([0]); // no 0 → 1 → 0 flicker
    a.board.draw([rect('slow')]);
    await drain();
    scheduler.advance(999);
    expect(shown).toEqual([0]);
    scheduler.advance(1);
    expect(shown).toEqual([0, 1]);
    releaseAck();
    await until(a, () => a.client.pendingCount === 0, 'the slow ack');
    expect(shown).toEqual([0, 1, 0]);
  });

  it('does not report the shared socket’s app-level errors as the board’s', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    const socketError = firstValueFrom(a.transport.events('error'));
    // Ink for a canvas this user is not on: refused with an `error` (no ack), about no board here.
    a.transport.socket.emit('ink', { canvasId: '000000000000000000000000', elements: [rect('z')] });
    await socketError;
    await drain();
    expect(errors).toEqual([]);
  });

  it('closes, sends nothing more and says so when a re-join is refused for good', async () => {
    const { alice, canvasId } = await sharedCanvas();
    const removed = intercept('join-canvas', (call) =>
      call === 2
        ? Promise.resolve({
            ok: false as const,
            error: { code: 'FORBIDDEN', message: 'Not allowed!' },
          })
        : null,
    );
    const a = await open(server.url, alice, canvasId, {}, true, removed.wrap);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    a.transport.socket.disconnect();
    a.transport.socket.connect();
    await firstValueFrom(a.client.status$.pipe(filter((status) => status === 'closed')));
    expect(errors).toEqual([{ kind: 'join-refused', code: 'FORBIDDEN', message: 'Not allowed!' }]);
    // The engine is closed: `useCollaboration` makes the board read-only (bind.readOnly).
    a.board.draw([rect('lost')]);
    expect(a.client.pendingCount).toBe(0);
  });
});
