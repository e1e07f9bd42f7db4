import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { pointPatch } from '@tabula/domain';
import { rect, stroke } from '../test/elements';
import { InkPreviews } from './inkPreviews';

const none = () => undefined;

describe('InkPreviews', () => {
  it('builds a stroke from its first whole element and the patches after it', () => {
    const previews = new InkPreviews();
    previews.receive({ canvasId: 'c', actorId: 'ada', elements: [stroke('s', 2)] }, none, 0);
    const patch = pointPatch(stroke('s', 2), stroke('s', 6))!;
    const [shown] = previews.receive({ canvasId: 'c', actorId: 'ada', patches: [patch] }, none, 5);
    expect(shown?.points).toEqual(stroke('s', 6).points);
    expect(shown?.version).toBe(6);
    expect(previews.untouched('s')).toBe(true);
    previews.touch('s');
    expect(previews.untouched('s')).toBe(false);
  });

  it('skips a patch that does not follow on from what is shown (a lost message)', () => {
    const previews = new InkPreviews();
    const patch = pointPatch(stroke('s', 4), stroke('s', 6))!;
    const board = new Map<string, SceneElement>([['s', stroke('s', 2)]]);
    expect(
      previews.receive(
        { canvasId: 'c', actorId: 'ada', patches: [patch] },
        (id) => board.get(id),
        0,
      ),
    ).toEqual([]);
  });

  it('ignores ink older than the board’s copy (arriving after the commit)', () => {
    const previews = new InkPreviews();
    const board = new Map([['r', rect('r', 5)]]);
    const late = { canvasId: 'c', actorId: 'ada', elements: [rect('r', 4)] };
    expect(previews.receive(late, (id) => board.get(id), 0)).toEqual([]);
  });

  it('gives back what each preview covered when it ends: the old copy, or nothing for a new element', () => {
    const previews = new InkPreviews();
    const board = new Map([['r', rect('r', 1)]]);
    const message = { canvasId: 'c', actorId: 'ada', elements: [rect('r', 3), stroke('s', 2)] };
    previews.receive(message, (id) => board.get(id), 100);
    previews.receive({ canvasId: 'c', actorId: 'bob', elements: [stroke('t', 2)] }, none, 200);
    expect(previews.oldestAt()).toBe(100);

    const byAda = previews.drop((preview) => preview.actorId === 'ada');
    expect([...byAda.entries()].map(([id, ended]) => [id, ended.base])).toEqual([
      ['r', rect('r', 1)],
      ['s', null],
    ]);
    expect(previews.settle(new Set(['t'])).has('t')).toBe(true);
    expect(previews.size).toBe(0);
  });
});

describe('InkPreviews on the peer layer', () => {
  const onOverlay = (element: SceneElement) => element.type === 'freedraw';

  it('keeps a new element the layer draws for the layer, and gives the editor nothing', () => {
    const previews = new InkPreviews();
    const message = { canvasId: 'c', actorId: 'ada', elements: [stroke('s', 2)] };
    expect(previews.receive(message, none, 0, onOverlay)).toEqual([]);
    expect(previews.overlay().map((element) => element.id)).toEqual(['s']);
    expect(previews.untouched('s')).toBe(false);
    const version = previews.version;
    const patch = pointPatch(stroke('s', 2), stroke('s', 5))!;
    previews.receive({ canvasId: 'c', actorId: 'ada', patches: [patch] }, none, 1, onOverlay);
    expect(previews.version).toBeGreaterThan(version);
    expect(previews.overlay()[0]?.points).toEqual(stroke('s', 5).points);
  });

  it('previews an edit of the board’s element in the editor, whatever its type', () => {
    const previews = new InkPreviews();
    const board = new Map([['s', stroke('s', 2)]]);
    const message = { canvasId: 'c', actorId: 'ada', elements: [stroke('s', 4)] };
    expect(previews.receive(message, (id) => board.get(id), 0, onOverlay)).toHaveLength(1);
    expect(previews.overlay()).toEqual([]);
  });

  it('keeps a settled overlay preview drawn until it is retired, ignoring late ink', () => {
    const previews = new InkPreviews();
    previews.receive(
      { canvasId: 'c', actorId: 'ada', elements: [stroke('s', 2)] },
      none,
      0,
      onOverlay,
    );
    expect(previews.settle(new Set(['s'])).size).toBe(0);
    const late = { canvasId: 'c', actorId: 'ada', elements: [stroke('s', 3)] };
    previews.receive(late, none, 1, onOverlay);
    expect(previews.overlay()[0]?.version).toBe(2);
    previews.retire(['s']);
    expect(previews.overlay()).toEqual([]);
    expect(previews.size).toBe(0);
  });

  it('draws a held commit in its preview’s place, neither swept nor dropped until retired', () => {
    const previews = new InkPreviews();
    const message = { canvasId: 'c', actorId: 'ada', elements: [stroke('s', 2)] };
    previews.receive(message, none, 0, onOverlay);
    previews.hold(stroke('s', 9));
    expect(previews.overlay().map((element) => element.points)).toEqual([stroke('s', 9).points]);
    expect(previews.oldestAt()).toBeNull();
    expect(previews.drop().size).toBe(0);
    expect(previews.overlay()).toHaveLength(1);
    previews.retire(['s']);
    expect(previews.overlay()).toEqual([]);
  });
});
