import { describe, expect, it } from 'vitest';
import { foldHistoryEntry } from '../history/historyFold';
import { CLEARING_NOT_ALLOWED, NOT_ALLOWED } from '../shared/strings';
import { deciderSpec } from '../testing/deciderSpec';
import type { SceneElement } from '../scene/scene.types';
import { canvasDecider } from './canvas.decide';
import { evolveCanvas, initialCanvasState } from './canvas.state';
import type { CanvasState } from './canvas.state';
import {
  BOB,
  CANVAS_ID,
  OWNER,
  canvasCommand,
  canvasEvent,
  stroke,
  withCollaborator,
} from './canvas.testkit';
import { isClearing, liveChangeOf, mayClear } from './clearing';

const sceneOf = (...elements: SceneElement[]) =>
  Object.fromEntries(elements.map((element) => [element.id, element]));
const deleted = (element: SceneElement): SceneElement => ({
  ...element,
  isDeleted: true,
  version: element.version + 1,
});
const changeOn = (scene: Record<string, SceneElement>, upserts: SceneElement[]) =>
  liveChangeOf(
    (id) => scene[id],
    upserts,
    Object.values(scene).filter((element) => !element.isDeleted).length,
  );

describe('what clearing the canvas is', () => {
  const [a, b, c] = [stroke('a'), stroke('b'), stroke('c')];

  it('deleting every live element of a board of two or more is a clear', () => {
    const scene = sceneOf(a, b, c);
    expect(isClearing(changeOn(scene, [deleted(a), deleted(b), deleted(c)]))).toBe(true);
    expect(isClearing(changeOn(sceneOf(a, b), [deleted(a), deleted(b)]))).toBe(true);
  });

  it("deleting a board's only element is an ordinary delete, not a clear", () => {
    expect(isClearing(changeOn(sceneOf(a), [deleted(a)]))).toBe(false);
  });

  it('deleting all but one element, or deleting all while drawing something, is not a clear', () => {
    const scene = sceneOf(a, b, c);
    expect(isClearing(changeOn(scene, [deleted(a), deleted(b)]))).toBe(false);
    expect(isClearing(changeOn(scene, [deleted(a), deleted(b), deleted(c), stroke('d')]))).toBe(
      false,
    );
  });

  it('tombstones that lose to the held copy (older versions) delete nothing', () => {
    const scene = sceneOf(a, b);
    const stale = [
      { ...a, isDeleted: true, version: 0 },
      { ...b, isDeleted: true, version: 0 },
    ];
    expect(isClearing(changeOn(scene, stale))).toBe(false);
    // Already deleted elements are not counted as live: the clear is of what was live.
    const half = sceneOf(a, b, deleted(c));
    expect(isClearing(changeOn(half, [deleted(a), deleted(b)]))).toBe(true);
  });

  it('mayClear looks without the scene: only all-deletions, at least as many as live ones', () => {
    expect(mayClear([deleted(a), deleted(b)], 2)).toBe(true);
    expect(mayClear([deleted(a), deleted(b)], 3)).toBe(false);
    expect(mayClear([deleted(a)], 1)).toBe(false);
    expect(mayClear([deleted(a), b], 2)).toBe(false);
  });

  it('the history names a clear by the same rule, and by the mark of an event the server judged', () => {
    const scene = sceneOf(a, b);
    const drawn = (elements: SceneElement[], cleared?: true) => ({
      revision: 5,
      event: canvasEvent(
        'LineDrawn',
        cleared ? { canvasId: CANVAS_ID, elements, cleared } : { canvasId: CANVAS_ID, elements },
        BOB,
      ),
    });
    const entry = foldHistoryEntry({ ...scene }, drawn([deleted(a), deleted(b)]), () => 'bob');
    expect(entry.summary).toMatchObject({ cleared: true });
    const one = foldHistoryEntry(sceneOf(a), drawn([deleted(a)]), () => 'bob');
    expect(one.summary).not.toHaveProperty('cleared');
    const marked = foldHistoryEntry(
      sceneOf(a, b, c),
      drawn([deleted(a), deleted(b)], true),
      () => '',
    );
    expect(marked.summary).toMatchObject({ cleared: true });
  });
});

describe('who may clear', () => {
  const spec = deciderSpec(canvasDecider);
  const tombstones = [deleted(stroke('a')), deleted(stroke('b'))];
  const clear = (actor: string) =>
    canvasCommand('DrawLine', { canvasId: CANVAS_ID, elements: tombstones, clears: true }, actor);
  const setting = (allowed: boolean, actor = OWNER) =>
    canvasCommand('SetCollaboratorClearing', { canvasId: CANVAS_ID, allowed }, actor);
  const turnedOff = canvasEvent(
    'CollaboratorClearingSet',
    { canvasId: CANVAS_ID, allowed: false },
    OWNER,
    'e-off',
  );

  it('a collaborator clears by default; the stored gesture is marked as a clear', () => {
    spec
      .given(withCollaborator(BOB))
      .when(clear(BOB))
      .then([
        canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: tombstones, cleared: true }, BOB),
      ]);
  });

  it('once the owner turns it off, a collaborator is refused and the owner still clears', () => {
    spec
      .given(withCollaborator(BOB))
      .when(setting(false))
      .then([
        canvasEvent('CollaboratorClearingSet', { canvasId: CANVAS_ID, allowed: false }, OWNER),
      ]);
    spec
      .given([...withCollaborator(BOB), turnedOff])
      .when(clear(BOB))
      .thenThrows('FORBIDDEN', CLEARING_NOT_ALLOWED);
    spec
      .given([...withCollaborator(BOB), turnedOff])
      .when(clear(OWNER))
      .then([
        canvasEvent(
          'LineDrawn',
          { canvasId: CANVAS_ID, elements: tombstones, cleared: true },
          OWNER,
        ),
      ]);
    // Deleting a few elements is never refused.
    spec
      .given([...withCollaborator(BOB), turnedOff])
      .when(canvasCommand('DrawLine', { canvasId: CANVAS_ID, elements: tombstones }, BOB))
      .then([canvasEvent('LineDrawn', { canvasId: CANVAS_ID, elements: tombstones }, BOB)]);
  });

  it('only the owner changes the setting; setting it as it is records nothing', () => {
    spec
      .given(withCollaborator(BOB))
      .when(setting(false, BOB))
      .thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec.given(withCollaborator(BOB)).when(setting(true)).then([]);
  });

  it('the setting is part of the canvas state, folded from its events', () => {
    const fold = (events: ReturnType<typeof canvasEvent>[]) =>
      events.reduce<CanvasState>(evolveCanvas, initialCanvasState());
    expect(fold(withCollaborator(BOB))).toMatchObject({ collaboratorsCanClear: true });
    expect(fold([...withCollaborator(BOB), turnedOff])).toMatchObject({
      collaboratorsCanClear: false,
    });
  });

  it('any member undoes a clear: a selective restore to the revision before, naming the clear', () => {
    const elements = [stroke('a'), stroke('b')];
    spec
      .given([...withCollaborator(BOB), turnedOff])
      .when(
        canvasCommand(
          'UndoClear',
          { canvasId: CANVAS_ID, clearedRevision: 7, elements, elementIds: ['a', 'b'] },
          BOB,
        ),
      )
      .then([
        canvasEvent(
          'CanvasRestored',
          {
            canvasId: CANVAS_ID,
            toRevision: 6,
            elements,
            elementIds: ['a', 'b'],
            undoesClear: 7,
          },
          BOB,
        ),
      ]);
  });
});
