import { describe, expect, it } from 'vitest';
import { applyPointPatch } from '@tabula/domain';
import { rect, stroke } from '../test/elements';
import { InkSender } from './inkSender';
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

  it('sends a long stroke whole again only when the patches since weigh as much: O(n) bytes in all', () => {
    const sent = (n: number) => {
      const sender = new InkSender();
      let bytes = 0;
      let points = 0;
      let wholes = 0;
      for (let count = 1; count <= n; count += 1) {
        const payload = sender.next('c', [stroke('s', count)]);
        bytes += JSON.stringify(payload).length;
        for (const element of payload?.elements ?? [])
          points += (element.points as unknown[]).length;
        for (const patch of payload?.patches ?? []) points += patch.points.length;
        if (payload?.elements) wholes += 1;
      }
      return { bytes, points, wholes };
    };
    const once = sent(2000);
    const twice = sent(4000);
    // Each point goes a bounded number of times, and twice the points cost about twice the bytes.
    expect(once.points).toBeLessThan(8 * 2000);
    expect(twice.bytes / once.bytes).toBeLessThan(2.3);
    expect(once.wholes).toBeGreaterThan(1); // a peer that lost a message still catches up
  });

  it('keeps each message under the byte cap: what does not fit waits, the rest goes', () => {
    const sender = new InkSender(50_000);
    const long = (id: string) => stroke(id, 1500);
    const strokes = ['a', 'b', 'c', 'd'].map(long);
    const first = sender.next('c', strokes);
    expect(JSON.stringify(first).length).toBeLessThan(50_000);
    const sentFirst = first?.elements?.map((e) => e.id) ?? [];
    expect(sentFirst.length).toBeGreaterThan(0);
    expect(sentFirst.length).toBeLessThan(4);
    // The next frame carries the ones left out.
    const second = sender.next('c', strokes);
    expect(second?.elements?.map((e) => e.id)).toEqual(
      ['a', 'b', 'c', 'd'].filter((id) => !sentFirst.includes(id)).slice(0, sentFirst.length),
    );
    // One element too large for any message is never sent (the commit carries it).
    expect(new InkSender(1000).next('c', [long('x')])).toBeNull();
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
