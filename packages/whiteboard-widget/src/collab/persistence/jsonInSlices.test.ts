import { describe, expect, it } from 'vitest';
import { rect } from '../../test/elements';
import type { Scheduler } from '../scheduler';
import { jsonInSlices } from './jsonInSlices';

/** A clock that moves `stepMs` each time it is read; tasks run on the next turn. */
function movingClock(stepMs: number) {
  let time = 0;
  const scheduled: number[] = [];
  const scheduler: Scheduler = {
    now: () => (time += stepMs),
    schedule(task, delayMs) {
      scheduled.push(delayMs);
      setTimeout(task, 0);
      return () => undefined;
    },
  };
  return { scheduler, scheduled };
}

describe('jsonInSlices', () => {
  it('makes the JSON array JSON.stringify makes, non-ASCII text included', async () => {
    const elements = Array.from({ length: 50 }, (_, n) => ({
      ...rect(`e${n}`),
      text: n % 7 === 0 ? 'ünïcode ✓ "quoted"' : '',
    }));
    const { scheduler } = movingClock(0);
    expect(await jsonInSlices(elements, scheduler)).toBe(JSON.stringify(elements));
    expect(await jsonInSlices([], scheduler)).toBe('[]');
  });

  it('gives the page a turn whenever a slice has taken its time', async () => {
    const elements = Array.from({ length: 40 }, (_, n) => rect(`e${n}`));
    // The clock moves 1 ms per reading, one reading per element: six fit in a slice of 6 ms,
    // so 40 elements take seven slices with a turn between each.
    const { scheduler, scheduled } = movingClock(1);
    expect(JSON.parse(await jsonInSlices(elements, scheduler))).toHaveLength(40);
    expect(scheduled).toHaveLength(6);
  });
});
