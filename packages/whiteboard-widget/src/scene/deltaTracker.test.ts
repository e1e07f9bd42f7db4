import { describe, expect, it } from 'vitest';
import { rect } from '../test/elements';
import { createDeltaTracker } from './deltaTracker';

describe('createDeltaTracker', () => {
  it('reports only the elements whose version moved since the last call', () => {
    const tracker = createDeltaTracker();
    expect(tracker.takeDeltas([rect('a'), rect('b')]).map((e) => e.id)).toEqual(['a', 'b']);
    expect(tracker.takeDeltas([rect('a'), rect('b')])).toEqual([]);
    expect(tracker.takeDeltas([rect('a', 2), rect('b')]).map((e) => e.id)).toEqual(['a']);
  });

  it('does not report what it was told the editor holds (initial scene, peers’ changes)', () => {
    const tracker = createDeltaTracker();
    tracker.markSeen([rect('a', 3)]);
    expect(tracker.takeDeltas([rect('a', 3)])).toEqual([]);
    expect(tracker.takeDeltas([rect('a', 4)]).map((e) => e.version)).toEqual([4]);
  });

  it('reports a local edit of a copy restored below a preview’s version', () => {
    const tracker = createDeltaTracker();
    tracker.markSeen([rect('a', 9)]); // a peer's preview
    tracker.markSeen([rect('a', 3)]); // the preview expired: the committed copy is back
    expect(tracker.takeDeltas([rect('a', 4)]).map((e) => e.version)).toEqual([4]);
  });

  it('holds back skipped (being edited) elements and reports them once released', () => {
    const tracker = createDeltaTracker();
    const editing = new Set(['a']);
    expect(tracker.takeDeltas([rect('a', 1)], editing)).toEqual([]);
    expect(tracker.takeDeltas([rect('a', 7)], editing)).toEqual([]);
    expect(tracker.takeDeltas([rect('a', 9)]).map((e) => e.version)).toEqual([9]);
  });
});
