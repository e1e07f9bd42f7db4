import { describe, expect, it } from 'vitest';
import { compareElementCopies, reconcile } from './reconcile';
import { getSceneElement, sceneElements, toScene } from './scene';
import type { SceneElement } from './scene.types';
import { element } from './sceneTestElements';

const ids = (elements: { id: string }[]) => elements.map((e) => e.id);

describe('reconcile: which copy wins', () => {
  it('[SC1] keeps the copy with the higher version, whichever side it is on', () => {
    const older = element('a', { version: 2, x: 1 });
    const newer = element('a', { version: 3, x: 2 });

    expect(reconcile([older], [newer])).toEqual([newer]);
    expect(reconcile([newer], [older])).toEqual([newer]);
  });

  it('[SC1] on equal versions keeps the lower versionNonce on both replicas', () => {
    const low = element('a', { version: 4, versionNonce: 10, x: 1 });
    const high = element('a', { version: 4, versionNonce: 99, x: 2 });

    expect(reconcile([low], [high])).toEqual([low]);
    expect(reconcile([high], [low])).toEqual([low]);
  });

  it('[SC1] on equal version and nonce prefers the tombstone', () => {
    const live = element('a', { version: 4, versionNonce: 7 });
    const dead = element('a', { version: 4, versionNonce: 7, isDeleted: true });

    expect(reconcile([live], [dead])).toEqual([dead]);
    expect(reconcile([dead], [live])).toEqual([dead]);
  });

  it('[SC1] on equal version, nonce and flag picks the same content on both sides', () => {
    const one = element('a', { version: 4, versionNonce: 7, x: 1 });
    const two = element('a', { version: 4, versionNonce: 7, x: 2 });

    expect(reconcile([one], [two])).toEqual(reconcile([two], [one]));
    expect(compareElementCopies(one, two)).toBe(-compareElementCopies(two, one));
  });

  it('[SC1] treats copies with the same content in another key order as equal', () => {
    const one = element('a', { version: 4, x: 1, y: 2 });
    const two = Object.fromEntries(Object.entries(one).reverse()) as SceneElement;

    expect(compareElementCopies(one, two)).toBe(0);
  });

  it('[SC1] treats a field set to undefined as absent, as JSON does', () => {
    const plain = element('a', { version: 4 });
    const withUndefined = { ...plain, link: undefined };

    expect(compareElementCopies(plain, withUndefined)).toBe(0);
  });

  it('does not change its inputs', () => {
    const local = [element('a', { version: 1, index: 'a1' }), element('b', { index: 'a0' })];
    const remote = [element('a', { version: 2 })];
    const before = JSON.stringify([local, remote]);

    reconcile(local, remote);

    expect(JSON.stringify([local, remote])).toBe(before);
  });

  it('[SC2] keeps tombstones so a deletion reaches replicas that still hold the element', () => {
    const live = element('a', { version: 1 });
    const deleted = element('a', { version: 2, isDeleted: true });

    expect(reconcile([live], [deleted])).toEqual([deleted]);
    expect(reconcile([deleted], [])).toEqual([deleted]);
  });

  it('[SC2] does not resurrect a deleted element from an older live copy', () => {
    const deleted = element('a', { version: 5, isDeleted: true });
    const staleLive = element('a', { version: 4 });

    expect(reconcile([deleted], [staleLive])).toEqual([deleted]);
  });

  it('keeps elements found on one side only', () => {
    expect(ids(reconcile([element('a')], [element('b')]))).toEqual(['a', 'b']);
  });

  it('[SC1] merges repeated ids inside one input by the same rule', () => {
    const v1 = element('a', { version: 1 });
    const v3 = element('a', { version: 3 });
    const v2 = element('a', { version: 2 });

    expect(reconcile([v1, v3], [v2])).toEqual([v3]);
    expect(reconcile([], [v3, v1])).toEqual([v3]);
  });

  it('accepts scenes as well as lists', () => {
    const local = toScene([element('a', { version: 1 })]);
    const remote = toScene([element('a', { version: 2 })]);

    expect(reconcile(local, remote)).toEqual([element('a', { version: 2 })]);
  });
});

describe('reconcile: elements being edited', () => {
  it('[SC3] keeps the local copy of an element in editingIds even when the remote is newer', () => {
    const mine = element('a', { version: 2, x: 5 });
    const theirs = element('a', { version: 9, x: 7 });

    expect(reconcile([mine], [theirs], { editingIds: new Set(['a']) })).toEqual([mine]);
  });

  it('[SC3] still applies remote changes to other elements and to edited ids it lacks', () => {
    const theirsA = element('a', { version: 9 });
    const theirsB = element('b', { version: 3 });

    const merged = reconcile([element('b')], [theirsA, theirsB], { editingIds: new Set(['a']) });

    expect(merged).toEqual([theirsA, theirsB]);
  });
});

describe('reconcile: order', () => {
  it('[SC4] orders by fractional index, then id, with null indices last', () => {
    const merged = reconcile(
      [element('z', { index: 'a1' }), element('n1', { index: null })],
      [
        element('y', { index: 'a0' }),
        element('b', { index: 'a1' }),
        element('n0', { index: null }),
      ],
    );

    expect(ids(merged)).toEqual(['y', 'b', 'z', 'n0', 'n1']);
  });

  it('[SC4] compares indices as plain strings (code units), not by locale', () => {
    const merged = reconcile(
      [element('upper', { index: 'aZ' })],
      [element('lower', { index: 'a0' })],
    );

    expect(ids(merged)).toEqual(['lower', 'upper']);
    expect(ids(reconcile([element('x', { index: 'Zz' })], [element('y', { index: 'a' })]))).toEqual(
      ['x', 'y'],
    );
  });

  it('[SC4] uses the winning copy’s index (moving an element moves it in the output)', () => {
    const before = element('a', { index: 'a0', version: 1 });
    const moved = element('a', { index: 'a9', version: 2 });

    expect(ids(reconcile([before, element('b', { index: 'a5' })], [moved]))).toEqual(['b', 'a']);
  });

  it('[SC5] returns the same output whatever the input order', () => {
    const elements = [
      element('c', { index: 'a2' }),
      element('a', { index: 'a0' }),
      element('b', { index: null }),
    ];
    const reversed = [...elements].reverse();

    expect(reconcile(elements, [])).toEqual(reconcile([], reversed));
  });
});

describe('scene records', () => {
  it('stores an element whose id is __proto__ as data, without touching prototypes', () => {
    const evil = element('__proto__', { version: 2 });

    const scene = toScene([evil, element('constructor')]);

    expect(getSceneElement(scene, '__proto__')).toEqual(evil);
    expect(Object.getPrototypeOf(scene)).toBe(Object.prototype);
    expect(getSceneElement(toScene([]), 'constructor')).toBeUndefined();
    expect(ids(sceneElements(JSON.parse(JSON.stringify(scene))))).toEqual([
      '__proto__',
      'constructor',
    ]);
  });
});
