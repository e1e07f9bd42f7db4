import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawingUpdate } from './drawingBatcher';
import { DrawingBatcher } from './drawingBatcher';

const element = (id: string, version: number) => ({
  id,
  type: 'freedraw',
  version,
  versionNonce: 1,
  isDeleted: false,
  index: 'a0',
});
const update = (revision: number, ...elements: ReturnType<typeof element>[]): DrawingUpdate => ({
  revision,
  actorId: 'u1',
  elements,
});

describe('DrawingBatcher', () => {
  let sent: [string, DrawingUpdate][];
  let clock: number;
  let batcher: DrawingBatcher;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    clock = 1000;
    batcher = new DrawingBatcher((canvasId, message) => sent.push([canvasId, message]), {
      frameMs: 16,
      now: () => clock,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first change of a quiet room on the next turn, with no frame delay', () => {
    batcher.queue('c1', update(1, element('a', 1)));
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([['c1', update(1, element('a', 1))]]);
  });

  it('changes committed together go out as one message, later versions replacing earlier ones', () => {
    batcher.queue('c1', update(1, element('a', 1)));
    batcher.queue('c1', update(2, element('a', 2), element('b', 1)));
    vi.advanceTimersByTime(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toMatchObject({
      revision: 2,
      elements: [element('a', 2), element('b', 1)],
    });
  });

  it('a busy room gets at most one message per frame, holding everything meanwhile', () => {
    batcher.queue('c1', update(1, element('a', 1)));
    vi.advanceTimersByTime(0);
    clock += 5;
    batcher.queue('c1', update(2, element('a', 2)));
    batcher.queue('c1', update(3, element('a', 3)));
    vi.advanceTimersByTime(10);
    expect(sent).toHaveLength(1);
    clock += 11;
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]![1]).toMatchObject({ revision: 3, elements: [element('a', 3)] });
  });

  it('rooms are paced independently', () => {
    batcher.queue('c1', update(1, element('a', 1)));
    batcher.queue('c2', update(1, element('b', 1)));
    vi.advanceTimersByTime(0);
    expect(sent.map(([canvasId]) => canvasId).sort()).toEqual(['c1', 'c2']);
  });
});
