import { describe, expect, it } from 'vitest';
import { applySceneEvent, foldHistoryEntry } from '@tabula/domain';
import type { CanvasEvent, SceneElement } from '@tabula/domain';
import { CompactScene, ELEMENT_OVERHEAD_BYTES, STAMP_BYTES } from './compactScene';

const element = (id: string, version: number, fields: Partial<SceneElement> = {}) =>
  ({
    id,
    type: 'rectangle',
    version,
    versionNonce: version * 7,
    isDeleted: false,
    index: `a${id}`,
    ...fields,
  }) as SceneElement;

const drawn = (...elements: SceneElement[]) =>
  ({ type: 'LineDrawn', data: { canvasId: 'c', elements } }) as unknown as CanvasEvent;
const restored = (...elements: SceneElement[]) =>
  ({ type: 'CanvasRestored', data: { canvasId: 'c', elements } }) as unknown as CanvasEvent;

const byId = (elements: SceneElement[]) =>
  Object.fromEntries(elements.map((each) => [each.id, each]));

describe('CompactScene', () => {
  it('folds events exactly as the domain scene rule does', () => {
    const events = [
      drawn(element('a', 1), element('b', 1)),
      drawn(element('a', 3), element('a', 2), element('c', 1)),
      drawn(element('a', 3), element('c', 1)), // the held copies sent again
      drawn(element('c', 1), element('a', 4), element('a', 3)), // again, beside a newer copy
      drawn(element('b', 1, { versionNonce: 1 }), element('__proto__', 1)),
      drawn(element('c', 2, { isDeleted: true })),
      { type: 'CanvasRenamed', data: { canvasId: 'c', name: 'n' } } as unknown as CanvasEvent,
      restored(element('a', 1), element('z', 1)),
    ];
    const compact = new CompactScene();
    const record: Record<string, SceneElement> = {};
    for (const event of events) {
      compact.apply(event);
      if (event.type === 'LineDrawn' || event.type === 'CanvasRestored')
        applySceneEvent(record, event);
      expect(byId(compact.elements())).toEqual(byId(Object.values(record)));
      expect(compact.size).toBe(Object.keys(record).length);
    }
  });

  it('answers each fold with what its history entry needs: the same entry as the whole scene gives', () => {
    const metadata = { eventId: 'e', actorId: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' };
    const events = [
      drawn(element('a', 1), element('b', 1)),
      drawn(element('a', 2, { isDeleted: true })), // one of two deleted: not cleared
      // A held copy sent again, and the last live element deleted: one element, not a clear.
      drawn(element('a', 2, { isDeleted: true }), element('b', 2, { isDeleted: true })),
      drawn(element('c', 1)),
      restored(element('a', 1)),
      drawn(element('a', 9, { isDeleted: true }), element('c', 5, { isDeleted: true })),
      drawn(element('d', 1), element('e', 1)),
      drawn(element('d', 2, { isDeleted: true }), element('e', 2, { isDeleted: true })),
    ].map((event) => ({ ...event, metadata }) as CanvasEvent);
    const compact = new CompactScene();
    const whole: Record<string, SceneElement> = {};
    const nameOf = () => 'Ada';
    const cleared = events.map((event, revision) => {
      const folded = compact.apply(event)!;
      const entry = foldHistoryEntry(whole, { revision, event }, nameOf);
      const fromFold = { revision, event: folded.event };
      expect(foldHistoryEntry(folded.before, fromFold, nameOf, folded.liveBefore)).toEqual(entry);
      expect(folded.liveBefore).toBeLessThanOrEqual(compact.size);
      return 'cleared' in entry.summary && entry.summary.cleared === true;
    });
    // Every live element of two or more deleted at once: cleared (the domain's `isClearing`).
    expect(cleared).toEqual([false, false, false, false, false, false, false, true]);
  });

  it('writes the scene as a JSON array of its elements and counts the text it holds', () => {
    const scene = CompactScene.of([element('a', 1), element('b', 1)]);
    expect(JSON.parse(scene.json())).toEqual([element('a', 1), element('b', 1)]);
    const text = (each: SceneElement) => JSON.stringify(each).length + ELEMENT_OVERHEAD_BYTES;
    expect(scene.bytes).toBe(text(element('a', 1)) + text(element('b', 1)));
    scene.apply(drawn(element('a', 2, { name: 'a longer copy' } as Partial<SceneElement>)));
    expect(scene.bytes).toBe(
      text(element('a', 2, { name: 'a longer copy' } as Partial<SceneElement>)) +
        text(element('b', 1)),
    );
    expect(new CompactScene().json()).toBe('[]');
  });

  it('once shed, folds drawings and gives their history entries as the scene with content does', () => {
    const metadata = { eventId: 'e', actorId: 'ada', occurredAt: '2026-01-01T00:00:00.000Z' };
    const events = [
      drawn(element('a', 2), element('c', 1)),
      drawn(element('a', 2), element('b', 1)), // held copies sent again: nothing to fold
      drawn(element('b', 1, { versionNonce: 99 }), element('__proto__', 1)), // the nonce decides
      drawn(element('a', 3, { isDeleted: true }), element('a', 1)), // a stale copy beside
      drawn(element('c', 1, { isDeleted: true })), // deletion decides
      drawn(element('b', 2, { isDeleted: true }), element('c', 2, { isDeleted: true })),
    ].map((event) => ({ ...event, metadata }) as CanvasEvent);
    const start = [element('a', 1), element('b', 1)];
    const whole = CompactScene.of(start);
    const shed = CompactScene.of(start);
    shed.shed();
    expect(shed.holdsContent).toBe(false);
    const nameOf = () => 'Ada';
    events.forEach((event, revision) => {
      const expected = whole.apply(event)!;
      const folded = shed.apply(event)!;
      expect(folded.event).toEqual(expected.event);
      expect(folded.liveBefore).toBe(expected.liveBefore);
      const entry = (of: typeof folded) =>
        foldHistoryEntry({ ...of.before }, { revision, event: of.event }, nameOf, of.liveBefore);
      expect(entry(folded)).toEqual(entry(expected));
      expect([shed.size, shed.live]).toEqual([whole.size, whole.live]);
    });
    expect(shed.bytes).toBe(shed.size * STAMP_BYTES);
    expect(shed.bytes).toBeLessThan(whole.bytes);
    expect(() => shed.elements()).toThrow('set its content aside');
  });

  it('once shed, answers null for what only the content decides, and changes nothing', () => {
    const shed = CompactScene.of([element('a', 2), element('b', 1)]);
    shed.shed();
    // Same version, nonce and deletion as the held copy, other content: the rule compares text.
    const sameStamp = element('a', 2, { name: 'another copy' } as Partial<SceneElement>);
    expect(shed.apply(drawn(sameStamp, element('c', 1)))).toBeNull();
    expect(shed.apply(restored(element('a', 1)))).toBeNull();
    expect([shed.size, shed.live]).toEqual([2, 2]);
    // A decidable drawing still folds afterwards.
    expect(shed.apply(drawn(element('c', 1)))?.liveBefore).toBe(2);
    expect(shed.size).toBe(3);
  });
});
