import { describe, expect, it } from 'vitest';
import { rect, stroke } from '../test/elements';
import { GestureClock } from './gestureTiming';

describe('GestureClock', () => {
  it('times each point of a stroke from the gesture’s start', () => {
    const clock = new GestureClock();
    clock.observe(stroke('s', 1), 1000);
    clock.observe(stroke('s', 3), 1016);
    clock.observe(stroke('s', 3), 1030); // no new version: nothing happened
    clock.observe(stroke('s', 4), 1040);
    expect(clock.take([stroke('s', 4)], 1050)).toEqual({ s: [0, 16, 16, 40] });
    expect(clock.take([stroke('s', 4)], 1060)).toBeUndefined();
  });

  it('counts the points the editor adds as the gesture ends (one time per committed point)', () => {
    const clock = new GestureClock();
    clock.observe(stroke('s', 2), 0);
    expect(clock.take([stroke('s', 3, 4)], 30)).toEqual({ s: [0, 0, 30] });
  });

  it('times each step of other changes (a shape dragged)', () => {
    const clock = new GestureClock();
    clock.observe(rect('r', 1), 0);
    clock.observe(rect('r', 2), 10);
    clock.observe(rect('r', 3), 25);
    expect(clock.take([rect('r', 3), rect('other', 1)], 40)).toEqual({ r: [0, 10, 25] });
  });

  it('forgets a gesture that ended without a commit', () => {
    const clock = new GestureClock();
    clock.observe(rect('r', 1), 0);
    clock.forget(['r']);
    clock.observe(rect('r', 2), 50);
    expect(clock.take([rect('r', 2)], 60)).toEqual({ r: [0] });
  });

  it('times the steps of an existing element with points that is moved, not its points', () => {
    const clock = new GestureClock();
    clock.observe(stroke('s', 50, 1), 0, false);
    clock.observe({ ...stroke('s', 50, 2), x: 140 }, 16, false);
    clock.observe({ ...stroke('s', 50, 3), x: 180 }, 40, false);
    expect(clock.take([{ ...stroke('s', 50, 3), x: 180 }], 60)).toEqual({ s: [0, 16, 40] });
  });
});
