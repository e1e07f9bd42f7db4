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

  it('sends where pointers rested once more, not volatile: one frame for the canvas', () => {
    const { io, sent } = recordingNamespace(
      new Map([
        ['a', 'c'],
        ['b', 'c'],
      ]),
    );
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
