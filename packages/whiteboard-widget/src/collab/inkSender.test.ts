import { describe, expect, it } from 'vitest';
import { applyPointPatch } from '@tabula/domain';
import { rect, stroke } from '../test/elements';
import { InkSender, PATCHES_BEFORE_WHOLE } from './inkSender';
import { ManualScheduler } from './scheduler';
import { Throttle } from './throttle';

describe('InkSender', () => {
  it('sends a stroke whole first, then only the points added since', () => {
    const sender = new InkSender();
    const first = sender.next('c', [stroke('s', 2)]);
    expect(first?.elements?.map((e) => e.id)).toEqual(['s']);
    expect(first?.patches).toBeUndefined();

    const second = sender.next('c', [stroke('s', 5)]);
    expect(second?.elements).toBeUndefined();
    expect(second?.patches).toEqual([
      expect.objectContaining({ id: 's', version: 5, fromIndex: 2 }),
    ]);
    // The receiver rebuilds the stroke from the whole element and the patch.
    const rebuilt = applyPointPatch(first!.elements![0]!, second!.patches![0]!);
    expect(rebuilt?.points).toEqual(stroke('s', 5).points);
  });

  it('sends a long stroke whole again now and then, so a peer that lost a message catches up', () => {
    const sender = new InkSender();
    sender.next('c', [stroke('s', 1)]);
    for (let n = 2; n <= PATCHES_BEFORE_WHOLE + 1; n += 1)
      expect(sender.next('c', [stroke('s', n)])?.patches).toHaveLength(1);
    expect(sender.next('c', [stroke('s', PATCHES_BEFORE_WHOLE + 2)])?.elements).toHaveLength(1);
    expect(sender.next('c', [stroke('s', PATCHES_BEFORE_WHOLE + 3)])?.patches).toHaveLength(1);
  });

  it('sends nothing for an element that did not change, and other elements whole', () => {
    const sender = new InkSender();
    sender.next('c', [rect('r', 1)]);
    expect(sender.next('c', [rect('r', 1)])).toBeNull();
    expect(sender.next('c', [rect('r', 2)])?.elements?.map((e) => e.version)).toEqual([2]);
  });

  it('starts the next gesture of a forgotten element with the whole element', () => {
    const sender = new InkSender();
    sender.next('c', [stroke('s', 2)]);
    sender.forget(['s']);
    expect(sender.next('c', [stroke('s', 4)])?.elements).toHaveLength(1);
  });

  it('does not see later in-place changes of the element it sent', () => {
    const sender = new InkSender();
    const live = stroke('s', 2);
    sender.next('c', [live]);
    (live.points as number[][]).push([9, 9]);
    live.version = 3;
    expect(sender.next('c', [live])?.patches?.[0]).toMatchObject({ fromIndex: 2 });
  });
});

describe('Throttle as the ink frame throttle', () => {
  it('passes the first at once, then at most one per interval: the newest of the frame', () => {
    const scheduler = new ManualScheduler();
    const sent: number[] = [];
    const frame = new Throttle<number>(16, scheduler, (value) => sent.push(value));
    frame.push(1);
    frame.push(2);
    frame.push(3);
    expect(sent).toEqual([1]);
    scheduler.advance(15);
    expect(sent).toEqual([1]);
    scheduler.advance(1);
    expect(sent).toEqual([1, 3]);
    frame.push(4);
    frame.cancel();
    scheduler.advance(100);
    expect(sent).toEqual([1, 3]);
  });
});
