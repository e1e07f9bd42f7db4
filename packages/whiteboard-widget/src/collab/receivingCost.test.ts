/**
 * What a receiving tab hands its editor, against the real server on a 20,000-element canvas:
 * a peer's ink never gives the editor the whole scene (a new stroke is drawn on the peer
 * layer), and the commits that arrive within one frame reach it in one update. The board
 * records how many elements each update gives it (the length of what `update(current)` returns).
 */
import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { ManualFrames } from '../board/frames';
import { excalidrawElement, rect, stroke } from '../test/elements';
import { countMessages, recordUpdates } from '../test/boardUpdates';
import { open, sharedCanvas, useEngineServer } from '../test/engineServer';
import { until } from '../test/testBoard';

const server = useEngineServer();
const SCENE = 20_000;

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The `i`-th of increasing valid fractional-index keys ('c' and three base-62 digits). */
const indexKey = (i: number) =>
  `c${DIGITS[Math.floor(i / 3844) % 62]}${DIGITS[Math.floor(i / 62) % 62]}${DIGITS[i % 62]}`;

const bigScene = (): SceneElement[] =>
  Array.from(
    { length: SCENE },
    (_, i) =>
      excalidrawElement({
        id: `big-${i}`,
        index: indexKey(i),
        x: (i % 200) * 20,
        y: Math.floor(i / 200) * 20,
        width: 10,
        height: 10,
        versionNonce: 1000 + i,
      }) as unknown as SceneElement,
  );

describe('a receiving tab on a 20,000-element canvas', () => {
  it('never hands the whole scene to the editor for a peer’s ink; commits of one frame go in one update', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const seeder = await open(server().url, alice, canvasId);
    seeder.board.draw(bigScene());
    await until(seeder, () => seeder.client.pendingCount === 0, 'the scene stored', 300_000);
    seeder.close();

    const frames = new ManualFrames();
    const b = await open(server().url, bob, canvasId, { requestFrame: frames.request });
    expect(b.board.scene).toHaveLength(SCENE);
    const a = await open(server().url, alice, canvasId);
    const sizes = recordUpdates(b);
    const inks = countMessages(b, 'ink');
    const commits = countMessages(b, 'updated-canvas');
    const preview = () => b.client.peerActivity.previews().find((element) => element.id === 's');

    // Alice draws a stroke: each step is an ink message Bob shows on his peer layer.
    for (let points = 2; points <= 40; points += 1) {
      a.board.draw([{ ...stroke('s', points), index: 'd0' }], ['s']);
      await until(b, () => (preview()?.points as unknown[])?.length === points, `ink ${points}`);
      frames.tick();
    }
    expect(inks()).toBeGreaterThanOrEqual(39);
    expect(sizes).toEqual([]);
    expect(b.board.get('s')).toBeUndefined();

    // Her drag of an element Bob's board holds: previewed in the editor, once per frame.
    const inksBefore = inks();
    for (let x = 1; x <= 3; x += 1) {
      const moved = { ...(a.board.get('big-7') as SceneElement), x, version: 10 + x };
      a.board.draw([moved], ['s', 'big-7']); // the stroke is still being drawn
      await until(b, () => inks() === inksBefore + x, `drag ink ${x}`);
    }
    frames.tick();
    expect(sizes).toEqual([SCENE]);
    expect(b.board.get('big-7')?.x).toBe(3);

    // The stroke and a rectangle committed apart, both arriving before the next frame.
    const commitsBefore = commits();
    a.board.draw([{ ...stroke('s', 40, 41), index: 'd0' }]);
    await until(a, () => a.client.pendingCount === 0, 'the stroke’s ack');
    a.board.draw([
      { ...rect('r', 1), index: 'd1' },
      { ...(a.board.get('big-7') as SceneElement), x: 3, version: 14 },
    ]);
    await until(b, () => commits() === commitsBefore + 2, 'both commits');
    frames.tick();
    expect(sizes).toEqual([SCENE, SCENE + 2]);
    expect(b.board.get('s')?.version).toBe(41);
    expect(b.board.get('r')).toBeDefined();
    // The stroke's preview goes once the editor has drawn it (two frames on).
    expect(preview()).toBeDefined();
    frames.tick();
    frames.tick();
    expect(preview()).toBeUndefined();
    expect(sizes).toHaveLength(2);
  }, 300_000);
});
