import { describe, expect, it } from 'vitest';
import { applySceneEvent, evolveScene, restoreElements } from './evolveScene';
import { reconcile } from './reconcile';
import { getSceneElement, liveElements, sceneElements, toScene } from './scene';
import type { SceneElement } from './scene.types';
import { element } from './sceneTestElements';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const lineDrawn = (elements: SceneElement[]) => ({
  type: 'LineDrawn' as const,
  data: { elements },
});
const restored = (elements: SceneElement[]) => ({
  type: 'CanvasRestored' as const,
  data: { elements },
});

describe('evolveScene: LineDrawn', () => {
  it('adds new elements and upserts known ones through the reconcile rule', () => {
    const scene = toScene([element('a', { version: 2 }), element('b', { version: 5 })]);

    const next = evolveScene(
      scene,
      lineDrawn([
        element('a', { version: 3, x: 9 }),
        element('b', { version: 4, x: 9 }),
        element('c'),
      ]),
    );

    expect(getSceneElement(next, 'a')).toEqual(element('a', { version: 3, x: 9 }));
    expect(getSceneElement(next, 'b')).toEqual(element('b', { version: 5 }));
    expect(getSceneElement(next, 'c')).toEqual(element('c'));
  });

  it('[SC2] keeps tombstones drawn by a gesture', () => {
    const next = evolveScene(
      toScene([element('a')]),
      lineDrawn([element('a', { version: 2, isDeleted: true })]),
    );

    expect(liveElements(next)).toEqual([]);
    expect(sceneElements(next)).toEqual([element('a', { version: 2, isDeleted: true })]);
  });

  it('does not change the scene it was given', () => {
    const scene = toScene([element('a')]);
    const copy = clone(scene);

    evolveScene(scene, lineDrawn([element('a', { version: 2 }), element('b')]));

    expect(scene).toEqual(copy);
  });

  it('gives the same scene as reconcile(scene, elements)', () => {
    const scene = toScene([
      element('a', { version: 2, index: 'a1' }),
      element('b', { index: 'a0' }),
    ]);
    const drawn = [element('a', { version: 2, versionNonce: -1 }), element('c', { index: 'a2' })];

    expect(sceneElements(evolveScene(scene, lineDrawn(drawn)))).toEqual(reconcile(scene, drawn));
  });
});

describe('evolveScene: CanvasRestored', () => {
  const now = toScene([
    element('kept', { version: 4 }),
    element('changed', { version: 6, x: 60 }),
    element('added-later', { version: 2 }),
    element('deleted-later', { version: 3, isDeleted: true }),
    element('long-gone', { version: 2, isDeleted: true }),
  ]);
  const snapshot = [
    element('kept', { version: 4 }),
    element('changed', { version: 2, x: 20 }),
    element('deleted-later', { version: 2 }),
  ];

  it('[SC6] makes the restored elements the live content', () => {
    const next = evolveScene(now, restored(snapshot));

    expect(liveElements(next).map((e) => [e.id, e.x])).toEqual([
      ['changed', 20],
      ['deleted-later', 0],
      ['kept', 0],
    ]);
  });

  it('[SC6] tombstones live elements absent from the restored set, with a bumped version', () => {
    const next = evolveScene(now, restored(snapshot));

    expect(getSceneElement(next, 'added-later')).toEqual(
      element('added-later', { version: 3, isDeleted: true }),
    );
    expect(getSceneElement(next, 'long-gone')).toEqual(
      element('long-gone', { version: 2, isDeleted: true }),
    );
  });

  it('[SC6] bumps restored copies above the current version so they win on every replica', () => {
    const upserts = restoreElements(now, snapshot);

    expect(upserts.map((e) => [e.id, e.version]).sort()).toEqual([
      ['added-later', 3],
      ['changed', 7],
      ['deleted-later', 4],
    ]);
    const clientScene = sceneElements(now);
    expect(reconcile(clientScene, upserts)).toEqual(
      sceneElements(evolveScene(now, restored(snapshot))),
    );
  });

  it('[SC6] leaves unchanged elements alone and takes already-newer ones as given', () => {
    const newer = element('changed', { version: 10, x: 1 });

    const upserts = restoreElements(now, [element('kept', { version: 4 }), newer]);

    expect(upserts.find((e) => e.id === 'kept')).toBeUndefined();
    expect(upserts.find((e) => e.id === 'changed')).toBe(newer);
  });

  it('is deterministic: the same log gives the same scene', () => {
    const one = evolveScene(now, restored(snapshot));
    const two = evolveScene(clone(now), restored(clone(snapshot)));

    expect(one).toEqual(two);
  });
});

describe('applySceneEvent', () => {
  it('folds events in place to the same scene evolveScene gives', () => {
    const events = [
      lineDrawn([element('a'), element('b')]),
      lineDrawn([element('a', { version: 2, isDeleted: true })]),
      restored([element('a')]),
    ];
    const draft: Record<string, SceneElement> = {};

    for (const event of events) applySceneEvent(draft, event);

    expect(draft).toEqual(events.reduce(evolveScene, toScene([])));
    expect(liveElements(draft).map((e) => [e.id, e.version])).toEqual([['a', 3]]);
  });
});
