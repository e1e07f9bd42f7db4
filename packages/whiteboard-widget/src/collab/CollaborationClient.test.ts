/**
 * The sync engine against the real server: opening, commits with timing, ink and previews, edits kept.
 */
import {} from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { InkMessage } from '@tabula/domain/protocol';
import { rect, stroke } from '../test/elements';
import { linesDrawn, open, sharedCanvas, useEngineServer, visibleIds } from '../test/engineServer';
import { until } from '../test/testBoard';
import type { TestTab } from '../test/testBoard';
import type { CollaborationError } from './collaborationOptions';
import { ManualScheduler } from './scheduler';
import { ManualFrames } from '../board/frames';

/** A peer's element in progress on the tab's peer layer (never in the editor's scene). */
const previewOf = (tab: TestTab, id: string) =>
  tab.client.peerActivity.previews().find((element) => element.id === id);

const server = useEngineServer();

describe('CollaborationClient against the real server: the scene and ink', () => {
  it('opens with the joined scene and sends finished changes, acknowledged and shown to peers', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    a.board.draw([rect('r1'), rect('r2')]);
    expect(a.client.pendingCount).toBe(1);
    await until(a, () => a.client.pendingCount === 0, 'the ack');

    const b = await open(server().url, bob, canvasId);
    expect(visibleIds(b).sort()).toEqual(['r1', 'r2']);
    a.board.draw([rect('r1', 2, { x: 50 })]);
    await until(b, () => b.board.get('r1')?.version === 2, 'the peer change');
    expect(b.board.get('r1')?.x).toBe(50);
    // Applied peers' changes are not reported back as local ones.
    expect(b.client.pendingCount).toBe(0);
  });

  it('commits carry their gesture timing, stored in LineDrawn', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const a = await open(server().url, alice, canvasId, { scheduler });
    a.board.draw([stroke('s', 1)], ['s']);
    scheduler.advance(20);
    a.board.draw([stroke('s', 3)], ['s']);
    scheduler.advance(30);
    a.board.draw([stroke('s', 4)], ['s']);
    a.board.draw([stroke('s', 4, 5)]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');

    const [line] = linesDrawn(await server().events(), canvasId);
    expect(line?.data.timing).toEqual({ s: [0, 20, 20, 50] });
  });

  it('sends ink at most once per frame, freedraw as point patches; the peer previews it on its layer and the commit replaces it', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const a = await open(server().url, alice, canvasId, { scheduler, inkIntervalMs: 16 });
    const b = await open(server().url, bob, canvasId);
    const received: InkMessage[] = [];
    const inks = b.transport.events('ink').subscribe((message) => received.push(message));

    a.board.draw([stroke('s', 2)], ['s']); // the first message: the whole element
    a.board.draw([stroke('s', 3)], ['s']); // same frame: waits
    a.board.draw([stroke('s', 5)], ['s']); // same frame: the newest wins
    await until(b, () => (previewOf(b, 's')?.points as unknown[])?.length === 2, 'the first ink');
    // Drawn on the peer layer: the editor's scene does not change for a peer's ink.
    expect(b.board.get('s')).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]?.elements?.map((e) => e.id)).toEqual(['s']);

    scheduler.advance(16);
    await until(b, () => (previewOf(b, 's')?.points as unknown[])?.length === 5, 'the patch');
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
    // The preview goes once the editor has drawn the commit (two frames on).
    await until(b, () => previewOf(b, 's') === undefined, 'the preview to go');
    inks.unsubscribe();
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server().events(), canvasId)).toHaveLength(1);
  });

  it('removes a preview whose commit never comes after 10 s without news', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const b = await open(server().url, bob, canvasId, { scheduler });
    const a = await open(server().url, alice, canvasId);
    b.board.draw([rect('kept')]);
    await until(b, () => b.client.pendingCount === 0, 'the ack');

    a.board.draw([stroke('p', 3)], ['p']);
    await until(b, () => previewOf(b, 'p') !== undefined, 'the preview');
    scheduler.advance(9_999);
    expect(previewOf(b, 'p')).toBeDefined();
    scheduler.advance(1);
    expect(previewOf(b, 'p')).toBeUndefined();
    expect(visibleIds(b)).toEqual(['kept']);
  });

  /** Bob's element `e` on Alice's board, then Bob's preview of it (a drag to x 300) there. */
  async function bobsPreviewAtAlice(alicesDrag: (a: TestTab) => void = () => undefined) {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const a = await open(server().url, alice, canvasId, { scheduler });
    const b = await open(server().url, bob, canvasId);
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
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const b = await open(server().url, bob, canvasId);
    const a = await open(server().url, alice, canvasId);
    await a.transport.socket.timeout(5000).emitWithAck('online', {
      userId: alice.userId,
      username: alice.username,
      profilePhoto: '',
    });
    a.board.draw([stroke('p', 3)], ['p']);
    await until(b, () => previewOf(b, 'p') !== undefined, 'the preview');
    a.close();
    await until(b, () => previewOf(b, 'p') === undefined, 'the preview to go');
  });

  it('keeps an element being edited; the peer’s winning copy lands when the edit ends', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const frames = new ManualFrames();
    const a = await open(server().url, alice, canvasId, { requestFrame: frames.request });
    const b = await open(server().url, bob, canvasId);
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
    frames.tick();
    expect(a.board.get('e')?.x).toBe(20);

    a.board.draw([rect('e', 3, { x: 30 })]); // the drag ends below Bob's version
    frames.tick();
    expect(a.board.get('e')).toMatchObject({ version: 8, x: 800 });
  });

  it('does not commit a peer’s preview that the editor re-indexed in place (one LineDrawn per element)', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const b = await open(server().url, bob, canvasId);
    // A text element is previewed in the editor's scene (the peer layer draws shapes only).
    const text = (version: number) => rect('p', version, { type: 'text', text: 'hi' });
    // Bob's editor holds an element at the same index as Alice's: taking her preview, it gives
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
    a.board.draw([text(3)], ['p']);
    await until(b, () => b.board.get('p') !== undefined, 'the preview');
    expect(b.board.get('p')?.index).toBe('apV');
    expect(b.client.pendingCount).toBe(0);
    b.board.onTake = null;
    // Re-indexed again later, on another change of Bob's editor: still not Bob's change.
    b.board.mutate('p', { index: 'apW' });
    expect(b.client.pendingCount).toBe(0);
    a.board.draw([text(20)]);
    await until(b, () => b.board.get('p')?.version === 20, 'the commit');
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(b.client.pendingCount).toBe(0);
    const lines = linesDrawn(await server().events(), canvasId);
    expect(lines.flatMap((line) => line.data.elements.map((element) => element.id))).toEqual(['p']);
  });

  it('commits its own element that the editor re-indexed to make room for a peer’s commit, never the peer’s', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const b = await open(server().url, bob, canvasId);
    b.board.draw([rect('mine', 1, { index: 'a5' })]);
    await until(b, () => b.client.pendingCount === 0, 'Bob’s ack');
    // Taking Alice's element at the same index, Bob's editor gives his own a new one in place.
    b.board.onTake = (scene) => {
      const own = scene.find((element) => element.id === 'mine');
      if (own && own.index === 'a5' && scene.some((element) => element.id === 'hers'))
        Object.assign(own, { index: 'a6', version: own.version + 1, versionNonce: 99 });
    };
    a.board.draw([rect('hers', 1, { index: 'a5' })]);
    await until(b, () => b.board.get('mine')?.index === 'a6', 'the re-index');
    b.board.onTake = null;
    await until(b, () => b.client.pendingCount === 0, 'Bob’s second ack');
    const lines = linesDrawn(await server().events(), canvasId);
    const stored = lines.flatMap((line) => line.data.elements.map((element) => element.id));
    // Alice's element is stored once (hers); Bob's twice, the second time at its new index.
    expect(stored.sort()).toEqual(['hers', 'mine', 'mine']);
    const last = lines.flatMap((line) => line.data.elements).filter((e) => e.id === 'mine');
    expect(last.at(-1)).toMatchObject({ index: 'a6', version: 2 });
  });

  it('never undoes the user’s in-place edit of an element when a peer’s preview of it ends', async () => {
    const { a, scheduler } = await bobsPreviewAtAlice();
    // An edit of an element the board holds is previewed in the editor, at the next frame.
    await until(a, () => a.board.get('e')?.x === 300, 'the preview');
    // Alice drags the preview's object in place, as Excalidraw does, and lets go.
    a.board.mutate('e', { x: 35 }, ['e']);
    a.board.mutate('e', { x: 40 });
    scheduler.advance(10_000); // Bob's preview expires
    expect(a.board.get('e')).toMatchObject({ x: 40 });
    await until(a, () => a.client.pendingCount === 0, 'Alice’s ack');
  });

  it('commits the allowed elements of a change and counts an embed as not saved', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const notSaved: number[] = [];
    a.client.notSaved$.subscribe((count) => notSaved.push(count));
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    a.board.draw([rect('fine'), rect('frame', 1, { type: 'embeddable' })]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['fine']);
    expect(notSaved.at(-1)).toBe(1);
    expect(errors).toEqual([]);
    a.board.draw([rect('frame', 2, { type: 'embeddable', isDeleted: true })]);
    expect(notSaved.at(-1)).toBe(0);
  });

  it('applies a deferred update against the scene of the moment it is applied', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const frames = new ManualFrames();
    const a = await open(server().url, alice, canvasId);
    const b = await open(server().url, bob, canvasId, { requestFrame: frames.request });
    // Wait for x's commit itself: a frame may be asked for by other news (who is here).
    let xArrived = false;
    const first = b.transport.events('updated-canvas').subscribe(() => (xArrived = true));
    a.board.draw([rect('x', 1)]);
    await until(b, () => xArrived && frames.pending > 0, 'x');
    first.unsubscribe();
    frames.tick();
    expect(b.board.get('x')).toBeDefined();
    b.board.deferUpdates = true; // as <Whiteboard> does for an update asked within onChange
    let arrived = false;
    const commits = b.transport.events('updated-canvas').subscribe(() => (arrived = true));
    a.board.draw([rect('y', 1)]);
    await until(b, () => arrived, 'Alice’s commit');
    commits.unsubscribe();
    frames.tick(); // the update is asked for now (and deferred by the board)
    b.board.draw([rect('x', 5, { x: 55 })]); // Bob's editor replaces x meanwhile
    b.board.deferUpdates = false;
    b.board.flushDeferred();
    expect(b.board.get('x')).toMatchObject({ version: 5, x: 55 });
    expect(b.board.get('y')).toBeDefined();
  });
});
