import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import type { ReplayStep } from '@tabula/domain/protocol';
import { DIFF_COLORS } from './compare';
import { ReplayModel } from './replayModel';
import { SPEEDS } from './playbackClock';
import { sampleSteps, sampleStroke } from './sampleHistory';
import { IDLE_BEAT_MS } from './schedule';

const ADA = { id: 'ada', name: 'Ada' };
const BOB = { id: 'bob', name: 'Bob' };

/** Six strokes (ada, bob, ada, …) of 10 points 10 ms apart, 500 ms apart; revisions 2..7. */
function sixStrokes(): ReplayStep[] {
  return sampleSteps({
    count: 6,
    authors: [ADA, BOB],
    points: 10,
    pointEveryMs: 10,
    pauseMs: 500,
    longPauseEvery: 3,
    longPauseMs: 10_000,
  });
}

function modelOf(steps: ReplayStep[]) {
  let now = 0;
  const model = new ReplayModel(() => now);
  model.append(steps);
  return {
    model,
    advance(ms: number) {
      now += ms;
    },
  };
}

const ids = (frame: readonly SceneElement[]) => frame.map((element) => element.id);

describe('ReplayModel', () => {
  it('has one timeline mark per step, coloured per author, with checkpoints labelled', () => {
    const { model } = modelOf(sixStrokes());
    const marks = model.marks([{ revision: 4, label: 'sketch', actorId: 'ada', occurredAt: '' }]);
    expect(marks.map((mark) => mark.revision)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(marks.map((mark) => mark.actorName)).toEqual(['Ada', 'Bob', 'Ada', 'Bob', 'Ada', 'Bob']);
    expect(marks[0]!.color).toBe(marks[2]!.color);
    expect(marks[0]!.color).not.toBe(marks[1]!.color);
    expect(marks.filter((mark) => mark.label).map((mark) => [mark.revision, mark.label])).toEqual([
      [4, 'sketch'],
    ]);
  });

  it('seeks to a revision: the steps up to it are drawn, whole', () => {
    const { model } = modelOf(sixStrokes());
    model.seekRevision(3);
    expect(model.position()).toMatchObject({ applied: 2, revision: 3 });
    expect(ids(model.frame())).toEqual(['stroke-0', 'stroke-1']);
    expect((model.frame()[1]!.points as unknown[]).length).toBe(10);
    model.seekRevision(7);
    expect(ids(model.frame())).toHaveLength(6);
    model.seekRevision(2);
    expect(ids(model.frame())).toEqual(['stroke-0']);
    model.seekRevision(1);
    expect(model.position()).toMatchObject({ applied: 0, revision: 1 });
    model.seekRevision(0);
    expect(model.position()).toMatchObject({ applied: 0, revision: 0 });
    expect(model.frame()).toEqual([]);
  });

  it('sits on a revision that is not a drawing: the scene before it, that revision, kept as steps load', () => {
    // Drawings at revisions 2, 3, 5, 6, 8, 9: 4 and 7 are entries that left the drawing unchanged.
    const steps = sixStrokes().map((step, index) => ({
      ...step,
      entry: { ...step.entry, revision: [2, 3, 5, 6, 8, 9][index]! },
    }));
    const { model, advance } = modelOf(steps.slice(0, 3));
    model.seekRevision(4);
    expect(model.position()).toMatchObject({ applied: 2, revision: 4 });
    expect(ids(model.frame())).toEqual(['stroke-0', 'stroke-1']);
    // More steps load: the playhead stays on revision 4.
    model.append(steps.slice(3, 4));
    advance(60_000);
    expect(model.position()).toMatchObject({ applied: 2, revision: 4 });
    // The last revision held, not a drawing: at the end, and it stays there as more steps load.
    model.seekRevision(7);
    expect(model.position()).toMatchObject({ applied: 4, revision: 7 });
    model.append(steps.slice(4));
    expect(model.position()).toMatchObject({ applied: 4, revision: 7 });
    expect(ids(model.frame())).toEqual(['stroke-0', 'stroke-1', 'stroke-2', 'stroke-3']);
    // So does a drawing's revision at the end of the steps held.
    const paged = modelOf(steps.slice(0, 2)).model;
    paged.seekRevision(3);
    paged.append(steps.slice(2));
    expect(paged.position()).toMatchObject({ applied: 2, revision: 3 });
    // Moving the playhead forgets it.
    model.stepForward();
    expect(model.position()).toMatchObject({ applied: 5, revision: 8 });
    model.seekRevision(4);
    model.play();
    expect(model.position().revision).toBe(3);
    // A revision sought before its steps load shows the scene as of it once they do.
    const late = modelOf(steps.slice(0, 2)).model;
    late.seekRevision(7);
    late.append(steps.slice(2));
    expect(late.position()).toMatchObject({ applied: 4, revision: 7 });
  });

  it('steps one entry forward and back', () => {
    const { model } = modelOf(sixStrokes());
    model.seekApplied(0);
    model.stepForward();
    model.stepForward();
    expect(model.position().revision).toBe(3);
    model.stepBack();
    expect(model.position().revision).toBe(2);
  });

  it.each(SPEEDS)(
    'plays at %i× on a simulated clock, reaching the end at total / speed',
    (speed) => {
      const { model, advance } = modelOf(sixStrokes());
      model.seekApplied(0);
      model.setSpeed(speed);
      const total = model.position().total;
      // 6 strokes of 90 ms, 3 pauses of 500 ms, one of 10 s, one of 500 ms (between 3 and 4: long).
      expect(total).toBe(6 * 90 + 4 * 500 + 10_000);
      model.play();
      // Two strokes and two pauses, then halfway through the third stroke.
      advance((2 * 90 + 2 * 500 + 45) / speed);
      expect(model.position()).toMatchObject({ applied: 2, offset: 45, revision: 3 });
      advance(total / speed);
      expect(model.position()).toMatchObject({ applied: 6, time: total });
      expect(model.clock.playing).toBe(false);
    },
  );

  it('skips idle time: pauses over 2 s last a short beat, and the playhead keeps its place', () => {
    const { model } = modelOf(sixStrokes());
    model.seekRevision(5);
    const full = model.position().total;
    model.setSkipIdle(true);
    expect(model.position().total).toBe(full - 10_000 + IDLE_BEAT_MS);
    expect(model.position().revision).toBe(5);
  });

  it('reveals a timed stroke point by point as it was drawn', () => {
    const { model, advance } = modelOf(sixStrokes());
    model.seekApplied(0);
    model.play();
    const pointsShown = () =>
      (model.frame().find((element) => element.id === 'stroke-0')?.points as unknown[])?.length ??
      0;
    expect(pointsShown()).toBe(0);
    advance(1);
    expect(pointsShown()).toBe(1);
    advance(40);
    expect(pointsShown()).toBe(5);
    advance(49);
    expect(pointsShown()).toBe(10);
  });

  it('filters by author: only their elements, or the others dimmed', () => {
    const { model } = modelOf(sixStrokes());
    model.seekRevision(7);
    model.setAuthorFilter({ authorIds: new Set(['bob']), mode: 'only' });
    expect(ids(model.frame())).toEqual(['stroke-1', 'stroke-3', 'stroke-5']);
    model.setAuthorFilter({ authorIds: new Set(['bob']), mode: 'dim' });
    const frame = model.frame();
    expect(frame).toHaveLength(6);
    expect(frame.filter((element) => element.opacity === 100).map((e) => e.id)).toEqual([
      'stroke-1',
      'stroke-3',
      'stroke-5',
    ]);
    expect(model.attribution.drawnBy('stroke-2')?.actorName).toBe('Ada');
  });

  it('compares two revisions: added, changed and deleted, highlighted', () => {
    const steps = sixStrokes();
    const moved = { ...steps[0]!.elements[0]!, x: 999, version: 50 };
    const erased = { ...steps[1]!.elements[0]!, isDeleted: true, version: 50 };
    const at = (revision: number, elements: SceneElement[]): ReplayStep => ({
      entry: { ...steps[5]!.entry, revision },
      elements,
    });
    const { model } = modelOf([...steps, at(8, [moved, erased])]);
    const diff = model.compare(3, 8);
    expect(diff).toMatchObject({
      added: ['stroke-2', 'stroke-3', 'stroke-4', 'stroke-5'],
      changed: ['stroke-0'],
      deleted: ['stroke-1'],
    });
    const colours = Object.fromEntries(model.frame().map((e) => [e.id, e.strokeColor]));
    expect(colours['stroke-2']).toBe(DIFF_COLORS.added);
    expect(colours['stroke-0']).toBe(DIFF_COLORS.changed);
    expect(colours['stroke-1']).toBe(DIFF_COLORS.deleted);
    model.clearComparison();
    expect(ids(model.frame())).not.toContain('stroke-1');
  });

  it('keeps the playhead when more steps load, and ignores steps it already holds', () => {
    const steps = sixStrokes();
    const { model } = modelOf(steps.slice(0, 3));
    model.seekRevision(3);
    expect(model.append(steps.slice(2))).toBe(3);
    expect(model.position().revision).toBe(3);
    expect(model.append(steps)).toBe(0);
  });

  it('seeks back across snapshots to the same scene as folding forward', () => {
    const steps = sampleSteps({ count: 1200, authors: [ADA], points: 3 });
    const { model } = modelOf(steps);
    model.seekApplied(1100);
    const forward = ids(model.frame());
    model.seekApplied(1200);
    model.seekApplied(1100);
    expect(ids(model.frame())).toEqual(forward);
    expect(forward).toHaveLength(1100);
  });

  it('lays a late stroke into scene order by its index', () => {
    const a = sampleStroke('a', 'a5', 0, 0, [[0, 0]], '#000', 1);
    const b = sampleStroke('b', 'a2', 0, 0, [[0, 0]], '#000', 2);
    const base = sixStrokes()[0]!.entry;
    const { model } = modelOf([
      { entry: { ...base, revision: 2 }, elements: [a] },
      { entry: { ...base, revision: 3 }, elements: [b] },
    ]);
    model.seekRevision(3);
    expect(ids(model.frame())).toEqual(['b', 'a']);
  });
});
