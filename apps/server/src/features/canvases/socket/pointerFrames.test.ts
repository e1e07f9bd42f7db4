import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointerMoved } from '@tabula/domain/protocol';
import { POINTER_ROOMS, PointerFrames } from './pointerFrames';

interface Sent {
  event: string;
  payload: { pointers?: unknown[] } & Partial<PointerMoved>;
  volatile: boolean;
  except: string[];
}

/** A namespace that records what is broadcast (pure unit test of the frame rules). */
function recordingNamespace(canvasOf: Map<string, string>) {
  const sent: Sent[] = [];
  const broadcast = (except: string[], volatile: boolean) => ({
    get volatile() {
      return broadcast(except, true);
    },
    emit(event: string, payload: Sent['payload']) {
      sent.push({ event, payload, volatile, except });
    },
  });
  const io = {
    to: () => ({ except: (rooms: string[]) => broadcast(rooms, false) }),
    sockets: {
      get: (socketId: string) => ({ rooms: new Set([`canvas:${canvasOf.get(socketId)}`]) }),
    },
  };
  return { io: io as unknown as ConstructorParameters<typeof PointerFrames>[0], sent };
}

/** Sockets a and b, both showing canvas c. */
const twoPeersOnCanvas = () =>
  recordingNamespace(
    new Map([
      ['a', 'c'],
      ['b', 'c'],
    ]),
  );

const move = (socketId: string, x: number): PointerMoved => ({
  canvasId: 'c',
  userId: `user-${socketId}`,
  username: socketId,
  x,
  y: 0,
});

describe('PointerFrames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends thirty peers moving in one frame as two pointer-frames, and one per peer each', () => {
    const sockets = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const { io, sent } = recordingNamespace(new Map(sockets.map((id) => [id, 'c'])));
    const frames = new PointerFrames(io, 16);
    for (const id of sockets) frames.moved(id, move(id, 1));
    for (const id of sockets) frames.moved(id, move(id, 2));
    vi.advanceTimersByTime(16);

    const framed = sent.filter((message) => message.event === 'pointer-frame');
    // The canvas's first pointer at once (skipping its sender), the rest at the frame's end.
    expect(framed.map((message) => message.payload.pointers!.length)).toEqual([1, 30]);
    expect(framed[0]!.except).toEqual(['s0', POINTER_ROOMS.each]);
    expect(framed[1]!.except).toEqual([POINTER_ROOMS.each]);
    expect(framed[1]!.payload.pointers).toContainEqual({
      userId: 'user-s7',
      username: 's7',
      x: 2,
      y: 0,
    });
    expect(framed.every((message) => message.volatile)).toBe(true);
    // Spec clients: each peer's first pointer at once, its latest at the frame's end.
    const each = sent.filter((message) => message.event === 'pointer-moved');
    expect(each).toHaveLength(60);
    expect(each.every((message) => message.except.includes(POINTER_ROOMS.frames))).toBe(true);
  });

  it('sends one pointer-frame a frame while pointers keep moving, and at once after a rest', () => {
    const { io, sent } = twoPeersOnCanvas();
    const frames = new PointerFrames(io, 16);
    const framed = () => sent.filter((message) => message.event === 'pointer-frame');
    for (let frame = 0; frame < 5; frame++) {
      frames.moved('a', move('a', frame));
      frames.moved('b', move('b', frame));
      vi.advanceTimersByTime(16);
    }
    // The first frame: a's pointer at once, b's at its end; then both once a frame, at its end.
    expect(framed().map((message) => message.payload.pointers!.length)).toEqual([1, 1, 2, 2, 2, 2]);
    vi.advanceTimersByTime(16); // nobody moved: where they rested goes out
    vi.advanceTimersByTime(16);
    sent.length = 0;

    frames.moved('a', move('a', 9));
    // After a frame without moves, a pointer goes out at once again.
    expect(framed()).toHaveLength(1);
    expect(framed()[0]!.payload.pointers).toEqual([
      { userId: 'user-a', username: 'a', x: 9, y: 0 },
    ]);
  });

  it('sends where pointers rested once more, not volatile: one frame for the canvas', () => {
    const { io, sent } = twoPeersOnCanvas();
    const frames = new PointerFrames(io, 16);
    frames.moved('a', move('a', 5));
    frames.moved('b', move('b', 9));
    vi.advanceTimersByTime(16); // b's pointer, held, goes out in a frame
    sent.length = 0;
    vi.advanceTimersByTime(16); // nobody moved in this frame: both rest

    const rested = sent.filter((message) => message.event === 'pointer-frame');
    expect(rested).toHaveLength(1);
    expect(rested[0]!.volatile).toBe(false);
    expect(rested[0]!.payload.pointers).toEqual([
      { userId: 'user-a', username: 'a', x: 5, y: 0 },
      { userId: 'user-b', username: 'b', x: 9, y: 0 },
    ]);
    expect(sent.filter((message) => message.event === 'pointer-moved')).toHaveLength(2);
  });
});
