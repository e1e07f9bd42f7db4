import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { CanvasRoom } from './canvasRoom';
import type { DrawingUpdate } from './canvasRoom';
import type { FrameEncoder, LiveSession, ServerEvent } from '../../../realtime/liveSession';

/** A decoded frame: what a session was sent. */
interface Sent {
  event: ServerEvent;
  payload: unknown;
}

/** Counts encodings, so "encoded once for the room" can be checked. */
function countingEncoder() {
  const encoder: FrameEncoder<Sent> & { count: number } = {
    count: 0,
    encode(event, payload) {
      encoder.count += 1;
      return { event, payload };
    },
  };
  return encoder;
}

/** An in-memory session whose transport backlog the test sets; `drain()` empties it. */
function session(id: string, userId = `user-${id}`) {
  const drained: (() => void)[] = [];
  const state = { backlog: 0, sent: [] as Sent[] };
  const live: LiveSession<Sent> & {
    state: typeof state;
    drain(): void;
    of(event: ServerEvent): unknown[];
  } = {
    id,
    userId,
    state,
    write: (frame) => void state.sent.push(frame),
    backlogBytes: () => state.backlog,
    onceDrained: (listener) => void drained.push(listener),
    drain() {
      state.backlog = 0;
      for (const listener of drained.splice(0)) listener();
    },
    of: (event) => state.sent.filter((sent) => sent.event === event).map((sent) => sent.payload),
  };
  return live;
}

const rect = (id: string, version: number): SceneElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce: version,
  isDeleted: false,
  index: 'a0',
});

const freedraw = (id: string, points: [number, number][]): SceneElement => ({
  ...rect(id, points.length),
  type: 'freedraw',
  x: 0,
  y: 0,
  points,
});

/** Resolves after the room's flush (setImmediate) and the promise chain behind it. */
const afterFlush = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

function room(catchUp: (revision: number) => Promise<DrawingUpdate | null> = async () => null) {
  const encoder = countingEncoder();
  const canvasRoom = new CanvasRoom<Sent>('c1', {
    encoder,
    catchUp: (_canvasId, revision) => catchUp(revision),
    maxBacklogBytes: 1000,
    maxEntries: 4,
    maxPoints: 100,
    onError: (error) => {
      throw error;
    },
  });
  return { canvasRoom, encoder };
}

describe('CanvasRoom commits', () => {
  it('sends one updated-canvas per commit group, encoded once, and never to its author', async () => {
    const { canvasRoom, encoder } = room();
    const [author, peer1, peer2] = [session('a'), session('b'), session('c')];
    for (const s of [author, peer1, peer2]) canvasRoom.add(s);
    canvasRoom.publish({
      revision: 1,
      actorId: 'user-a',
      elements: [rect('r1', 1)],
      sessionId: 'a',
    });
    canvasRoom.publish({
      revision: 2,
      actorId: 'user-a',
      elements: [rect('r1', 2)],
      sessionId: 'a',
    });
    await afterFlush();
    const expected = { canvasId: 'c1', revision: 2, actorId: 'user-a', elements: [rect('r1', 2)] };
    expect(peer1.of('updated-canvas')).toEqual([expected]);
    expect(peer2.of('updated-canvas')).toEqual([expected]);
    expect(author.of('updated-canvas')).toEqual([]);
    expect(encoder.count).toBe(1);
  });

  it("gives an author of a shared group only the others' changes", async () => {
    const { canvasRoom } = room();
    const [a, b] = [session('a'), session('b')];
    canvasRoom.add(a);
    canvasRoom.add(b);
    canvasRoom.publish({
      revision: 1,
      actorId: 'user-a',
      elements: [rect('ra', 1)],
      sessionId: 'a',
    });
    canvasRoom.publish({
      revision: 2,
      actorId: 'user-b',
      elements: [rect('rb', 1)],
      sessionId: 'b',
    });
    await afterFlush();
    expect(a.of('updated-canvas')).toEqual([
      { canvasId: 'c1', revision: 2, actorId: 'user-b', elements: [rect('rb', 1)] },
    ]);
    expect(b.of('updated-canvas')).toEqual([
      { canvasId: 'c1', revision: 1, actorId: 'user-a', elements: [rect('ra', 1)] },
    ]);
  });

  it('keeps the order of queued restores and drawings', async () => {
    const { canvasRoom } = room();
    const peer = session('p');
    canvasRoom.add(peer);
    let restore!: (update: DrawingUpdate) => void;
    canvasRoom.publish(new Promise<DrawingUpdate>((resolve) => (restore = resolve)));
    canvasRoom.publish({ revision: 2, actorId: 'u', elements: [rect('r1', 5)] });
    restore({ revision: 1, actorId: 'u', elements: [rect('r1', 4)] });
    await afterFlush();
    expect(peer.of('updated-canvas')).toEqual([
      { canvasId: 'c1', revision: 2, actorId: 'u', elements: [rect('r1', 5)] },
    ]);
  });

  it('holds nothing for a session over its backlog bound, then catches it up from the log', async () => {
    const asked: number[] = [];
    const { canvasRoom } = room(async (revision) => {
      asked.push(revision);
      return { revision: 3, actorId: 'u', elements: [rect('r1', 3)] };
    });
    const slow = session('slow');
    canvasRoom.add(slow, 0);
    slow.state.backlog = 5000;
    for (const revision of [1, 2, 3])
      canvasRoom.publish({ revision, actorId: 'u', elements: [rect('r1', revision)] });
    await afterFlush();
    expect(slow.of('updated-canvas')).toEqual([]);
    slow.drain();
    await afterFlush();
    expect(asked).toEqual([0]);
    expect(slow.of('updated-canvas')).toEqual([
      { canvasId: 'c1', revision: 3, actorId: 'u', elements: [rect('r1', 3)] },
    ]);
  });

  it('sends nothing to a removed session', async () => {
    const { canvasRoom } = room();
    const gone = session('g');
    canvasRoom.add(gone);
    canvasRoom.remove('g');
    canvasRoom.publish({ revision: 1, actorId: 'u', elements: [rect('r1', 1)] });
    await afterFlush();
    expect(gone.state.sent).toEqual([]);
  });
});

describe('CanvasRoom ink', () => {
  const ink = (patch: Partial<InkMessage>): InkMessage => ({
    canvasId: 'c1',
    actorId: 'user-a',
    ...patch,
  });

  it('relays to the others at once, encoded once, not back to the sender', () => {
    const { canvasRoom, encoder } = room();
    const [sender, p1, p2] = [session('a'), session('b'), session('c')];
    for (const s of [sender, p1, p2]) canvasRoom.add(s);
    const message = ink({ elements: [rect('r1', 1)] });
    canvasRoom.ink(message, sender.id);
    expect(p1.of('ink')).toEqual([message]);
    expect(p2.of('ink')).toEqual([message]);
    expect(sender.of('ink')).toEqual([]);
    expect(encoder.count).toBe(1);
  });

  it('keeps only the newest preview per element for a busy session and folds point patches', () => {
    const { canvasRoom } = room();
    const [sender, busy] = [session('a'), session('b')];
    canvasRoom.add(sender);
    canvasRoom.add(busy);
    busy.state.backlog = 10;
    canvasRoom.ink(ink({ elements: [freedraw('f1', [[0, 0]])] }), sender.id);
    canvasRoom.ink(
      ink({ patches: [{ id: 'f1', version: 2, fromIndex: 1, points: [[1, 1]] }] }),
      sender.id,
    );
    canvasRoom.ink(
      ink({ patches: [{ id: 'f1', version: 3, fromIndex: 2, points: [[2, 2]] }] }),
      sender.id,
    );
    canvasRoom.ink(
      ink({ patches: [{ id: 'f2', version: 2, fromIndex: 0, points: [[5, 5]] }] }),
      sender.id,
    );
    canvasRoom.ink(
      ink({ patches: [{ id: 'f2', version: 3, fromIndex: 1, points: [[6, 6]] }] }),
      sender.id,
    );
    expect(busy.of('ink')).toEqual([]);
    busy.drain();
    const [message] = busy.of('ink') as InkMessage[];
    expect(busy.of('ink')).toHaveLength(1);
    // The domain's patch rule: the points appended, the newest version.
    expect(message!.elements).toEqual([
      {
        ...freedraw('f1', [[0, 0]]),
        points: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        version: 3,
      },
    ]);
    expect(message!.patches).toEqual([
      {
        id: 'f2',
        version: 3,
        fromIndex: 0,
        points: [
          [5, 5],
          [6, 6],
        ],
      },
    ]);
  });

  it('bounds what waits for a busy session: the oldest previews go first', () => {
    const { canvasRoom } = room();
    const [sender, busy] = [session('a'), session('b')];
    canvasRoom.add(sender);
    canvasRoom.add(busy);
    busy.state.backlog = 10;
    for (let i = 0; i < 50; i++) canvasRoom.ink(ink({ elements: [rect(`r${i}`, 1)] }), sender.id);
    busy.drain();
    const [message] = busy.of('ink') as InkMessage[];
    expect(message!.elements!.map((element) => element.id)).toEqual(['r46', 'r47', 'r48', 'r49']);
  });

  it('drops a folded patch past the points bound (the commit brings the stroke)', () => {
    const { canvasRoom } = room();
    const [sender, busy] = [session('a'), session('b')];
    canvasRoom.add(sender);
    canvasRoom.add(busy);
    busy.state.backlog = 10;
    const points = (n: number, from: number) =>
      Array.from({ length: n }, (_, i): [number, number] => [from + i, 0]);
    canvasRoom.ink(
      ink({ patches: [{ id: 'f', version: 1, fromIndex: 0, points: points(60, 0) }] }),
      sender.id,
    );
    canvasRoom.ink(
      ink({ patches: [{ id: 'f', version: 2, fromIndex: 60, points: points(60, 60) }] }),
      sender.id,
    );
    busy.drain();
    expect(busy.of('ink')).toEqual([]);
  });
});
