import { describe, expect, it } from 'vitest';
import { applyPointPatch, pointPatch } from './ink';
import { element } from './sceneTestElements';

const stroke = (points: [number, number][], version = points.length) =>
  element('s1', { type: 'freedraw', version, points, pressures: points.map(() => 0.5) });

describe('ink point patches', () => {
  it('sends only the points added since the last message', () => {
    const patch = pointPatch(
      stroke([
        [0, 0],
        [1, 1],
      ]),
      stroke([
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    );
    expect(patch).toEqual({
      id: 's1',
      version: 4,
      fromIndex: 2,
      points: [
        [2, 2],
        [3, 3],
      ],
      pressures: [0.5, 0.5],
    });
  });

  it('needs the whole element when there is no previous copy, the element moved or earlier points changed', () => {
    const next = stroke([
      [0, 0],
      [1, 1],
    ]);
    expect(pointPatch(null, next)).toBeNull();
    expect(pointPatch({ ...stroke([[0, 0]]), x: 5 }, next)).toBeNull();
    expect(pointPatch(stroke([[9, 9]]), next)).toBeNull();
    expect(pointPatch(element('s1'), element('s1', { version: 2 }))).toBeNull();
  });

  it('a receiver rebuilds the sender’s element from patches, and a resent or late patch is refused', () => {
    const base = stroke([[0, 0]]);
    const grown = stroke([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    const patch = pointPatch(base, grown);
    expect(patch).not.toBeNull();
    const once = applyPointPatch(base, patch!);
    expect(once?.points).toEqual(grown.points);
    expect(once?.pressures).toEqual(grown.pressures);
    expect(once?.version).toBe(3);
    expect(applyPointPatch(once!, patch!)).toBeNull();
    // The committed stroke (same or higher version) is never cut back by a late patch.
    const committed = stroke(
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ],
      5,
    );
    expect(applyPointPatch(committed, patch!)).toBeNull();
  });

  it('refuses a patch that does not follow on (a message was dropped)', () => {
    const patch = { id: 's1', version: 9, fromIndex: 5, points: [[1, 1] as const] };
    expect(applyPointPatch(stroke([[0, 0]]), patch)).toBeNull();
    expect(applyPointPatch(element('other'), { ...patch, fromIndex: 0 })).toBeNull();
  });
});
