/**
 * The current scenes against the in-memory read models and a timeline whose loads finish when
 * the test says: events committed while a scene loads are in it once, a deletion during the
 * load leaves nothing, and scenes beyond the capacity set their content aside, still fold
 * drawings on stamps, and have it loaded again when it is asked for or an event needs it.
 */
import { describe, expect, it } from 'vitest';
import type { Event, SceneElement } from '@tabula/domain';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import { createInMemoryReadModelStore } from '../../../infrastructure/readModels/index';
import { putDoc } from '../../../infrastructure/readModels/readModelStore';
import { CANVASES } from '../../../projections/readModelKeys';
import type { SceneRecord } from '../history/sceneTimeline';
import { CompactScene, STAMP_BYTES } from '../history/compactScene';
import { CurrentScenes } from './currentScenes';

const element = (id: string, version = 1) =>
  ({
    id,
    type: 'rectangle',
    version,
    versionNonce: 1,
    isDeleted: false,
    index: `a${id}`,
  }) as SceneElement;

function recorded(canvasId: string, revision: number, type: string, elements: SceneElement[] = []) {
  return {
    streamName: `canvas-${canvasId}`,
    revision,
    position: revision,
    event: { type, data: { canvasId, elements }, metadata: {} },
  } as unknown as RecordedEvent<Event>;
}

/** A timeline whose loads wait until `finish` is called; it counts the loads. */
function gatedTimeline(scenes: Record<number, SceneRecord>) {
  const gates: (() => void)[] = [];
  const timeline = {
    loads: 0,
    async loadInSlices(_canvasId: string, revision: number) {
      timeline.loads += 1;
      await new Promise<void>((resolve) => gates.push(resolve));
      return CompactScene.of(Object.values({ ...scenes[revision] }));
    },
    sceneAt: () => Promise.reject(new Error('loads go in slices')),
    finish: () => gates.splice(0).forEach((open) => open()),
  };
  return timeline;
}

/** Runs `use`, which loads one scene, lets that load finish, and answers what `use` gave. */
async function withOneLoad<T>(
  timeline: ReturnType<typeof gatedTimeline>,
  use: () => T | Promise<T>,
): Promise<T> {
  const loads = timeline.loads;
  const using = use();
  await expect.poll(() => timeline.loads).toBe(loads + 1);
  timeline.finish();
  return using;
}

async function withCanvas(canvasId: string, revision: number) {
  const readModels = createInMemoryReadModelStore();
  await readModels.commit('canvases', revision, [
    putDoc(CANVASES, canvasId, { _id: canvasId, revision }),
  ]);
  return readModels;
}

describe('CurrentScenes', () => {
  it('keeps an event committed while the scene loads, and applies it once', async () => {
    const readModels = await withCanvas('c', 2);
    const timeline = gatedTimeline({ 2: { a: element('a') } });
    const scenes = new CurrentScenes({ timeline, readModels });
    const loading = scenes.of('c');
    scenes.apply(recorded('c', 2, 'LineDrawn', [element('a')])); // already in the load
    scenes.apply(recorded('c', 3, 'LineDrawn', [element('b')]));
    await expect.poll(() => timeline.loads).toBe(1);
    timeline.finish();
    expect(await loading).toEqual({ revision: 3, elements: [element('a'), element('b')] });
    scenes.apply(recorded('c', 4, 'LineDrawn', [element('a', 2)]));
    expect(await scenes.of('c')).toEqual({
      revision: 4,
      elements: [element('a', 2), element('b')],
    });
    expect(timeline.loads).toBe(1);
  });

  it('forgets a canvas deleted during its load or after', async () => {
    const readModels = await withCanvas('c', 1);
    const timeline = gatedTimeline({ 1: { a: element('a') } });
    const scenes = new CurrentScenes({ timeline, readModels });
    const loading = scenes.of('c');
    scenes.apply(recorded('c', 2, 'CanvasDeleted'));
    await expect.poll(() => timeline.loads).toBe(1);
    timeline.finish();
    expect(await loading).toEqual({ revision: -1, elements: [] });
    expect(scenes.loadedAt('c', 1)).toBeNull();
  });

  it('sets aside the content of the least recently used scenes beyond its capacity and loads it again', async () => {
    const readModels = await withCanvas('c', 1);
    await readModels.commit('canvases', 2, [putDoc(CANVASES, 'd', { _id: 'd', revision: 1 })]);
    const timeline = gatedTimeline({ 1: { a: element('a'), b: element('b') } });
    // Room for one two-element scene, not two.
    const capacityBytes = CompactScene.of([element('a'), element('b')]).bytes * 1.5;
    const scenes = new CurrentScenes({ timeline, readModels, capacityBytes });
    const load = (canvasId: string) => withOneLoad(timeline, () => scenes.of(canvasId));
    await load('c');
    await load('d'); // two scenes held: c goes
    expect(scenes.loadedAt('d', 1)?.elements).toHaveLength(2);
    expect(scenes.loadedAt('c', 1)).toBeNull();
    expect((await load('c')).elements).toHaveLength(2);
    expect(timeline.loads).toBe(3);
  });

  it('folds drawings into a scene whose content is set aside, and loads the content for a restore', async () => {
    const readModels = await withCanvas('c', 1);
    await readModels.commit('canvases', 2, [putDoc(CANVASES, 'd', { _id: 'd', revision: 1 })]);
    const two = { a: element('a'), b: element('b') };
    const timeline = gatedTimeline({ 1: two, 3: { a: element('a', 2), b: element('b') } });
    const contentBytes = CompactScene.of(Object.values(two)).bytes;
    const scenes = new CurrentScenes({ timeline, readModels, capacityBytes: contentBytes * 1.5 });
    scenes.keepOpen(() => true); // both canvases are open: stamps are kept whatever the budget
    await withOneLoad(timeline, () => scenes.of('c'));
    await withOneLoad(timeline, () => scenes.of('d'));
    expect(scenes.loadedAt('c', 1)).toBeNull(); // c's content set aside: d's and c's stamps held
    expect(scenes.bytes).toBe(contentBytes + 2 * STAMP_BYTES);

    // c's content is set aside: a drawing still folds, with what its history entry needs.
    const drawing = recorded('c', 2, 'LineDrawn', [element('a', 2)]);
    scenes.apply(drawing);
    expect(scenes.foldedOf(drawing)?.before).toEqual({
      a: { id: 'a', version: 1, versionNonce: 1, isDeleted: false },
    });
    expect(scenes.foldedOf(drawing)?.liveBefore).toBe(2);
    expect(scenes.loadedAt('c', 2)).toBeNull(); // no content to hand out
    expect(timeline.loads).toBe(2);

    // A restore needs the content: no fold, and the content is loaded again at once.
    await readModels.commit('canvases', 3, [putDoc(CANVASES, 'c', { _id: 'c', revision: 3 })]);
    const restore = recorded('c', 3, 'CanvasRestored', [element('a', 2), element('b')]);
    await withOneLoad(timeline, () => scenes.apply(restore));
    expect(scenes.foldedOf(restore)).toBeNull();
    expect((await scenes.of('c')).elements).toEqual([element('a', 2), element('b')]);
    expect(timeline.loads).toBe(3);
  });

  it('keeps the stamps of a canvas someone has open whatever the budget, and drops the others', async () => {
    const readModels = createInMemoryReadModelStore();
    const ids = ['open', 'closed', 'newest'];
    for (const [at, canvasId] of ids.entries())
      await readModels.commit('canvases', at + 1, [
        putDoc(CANVASES, canvasId, { _id: canvasId, revision: 1 }),
      ]);
    const timeline = gatedTimeline({ 1: { a: element('a') } });
    const scenes = new CurrentScenes({ timeline, readModels, capacityBytes: 1 });
    scenes.keepOpen((canvasId) => canvasId === 'open');
    for (const canvasId of ids) await withOneLoad(timeline, () => scenes.hold(canvasId));
    expect(timeline.loads).toBe(3);

    const drawings = ids.map((canvasId) => recorded(canvasId, 2, 'LineDrawn', [element('b')]));
    drawings.forEach((drawing) => scenes.apply(drawing));
    expect(drawings.map((drawing) => scenes.foldedOf(drawing) !== null)).toEqual([
      true, // stamps kept: someone has it open
      false, // dropped: beyond the budget and nobody has it open
      false, // the same, however recently it was loaded
    ]);
    await scenes.hold('open');
    expect(timeline.loads).toBe(3); // still held: no load
  });

  it('sets a scene larger than the budget aside at its next event, and loads it again for a join', async () => {
    const readModels = await withCanvas('c', 1);
    const two = { a: element('a'), b: element('b') };
    const timeline = gatedTimeline({ 1: two, 2: { ...two, c: element('c') } });
    const scenes = new CurrentScenes({ timeline, readModels, capacityBytes: 1 });
    scenes.keepOpen(() => true);
    // Loaded for a join: its content stays until the joiner has it.
    expect((await withOneLoad(timeline, () => scenes.of('c'))).elements).toHaveLength(2);

    await readModels.commit('canvases', 2, [putDoc(CANVASES, 'c', { _id: 'c', revision: 2 })]);
    const drawing = recorded('c', 2, 'LineDrawn', [element('c')]);
    scenes.apply(drawing);
    expect(scenes.foldedOf(drawing)?.liveBefore).toBe(2);
    expect(scenes.loadedAt('c', 2)).toBeNull(); // beyond the budget: set aside
    expect(scenes.bytes).toBe(3 * STAMP_BYTES);

    const joined = await withOneLoad(timeline, () => scenes.of('c'));
    expect(joined).toEqual({ revision: 2, elements: [element('a'), element('b'), element('c')] });
  });
});
