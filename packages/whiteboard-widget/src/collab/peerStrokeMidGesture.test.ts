/**
 * A peer's stroke committed while the local user draws, against the real server: it stays on
 * the peer layer, drawn as committed, and reaches the editor when the local gesture ends, so
 * the editor does not redraw its whole scene mid-stroke; any other commit reaches it at the
 * next frame as usual.
 */
import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { ManualFrames } from '../board/frames';
import { countMessages, recordUpdates } from '../test/boardUpdates';
import { rect, stroke } from '../test/elements';
import { open, sharedCanvas, useEngineServer } from '../test/engineServer';
import { until } from '../test/testBoard';

const server = useEngineServer();

describe('a peer’s commit during the local user’s gesture', () => {
  it('keeps a new stroke on the peer layer until the gesture ends; other changes go at once', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const frames = new ManualFrames();
    const b = await open(server().url, bob, canvasId, { requestFrame: frames.request });
    const a = await open(server().url, alice, canvasId);
    const commits = countMessages(b, 'updated-canvas');
    const onLayer = (id: string) =>
      b.client.peerActivity.previews().find((element) => element.id === id);

    a.board.draw([{ ...rect('r', 1), index: 'a1' }]);
    await until(b, () => commits() === 1, 'the rectangle');
    frames.tick();
    expect(b.board.get('r')).toBeDefined();
    const sizes = recordUpdates(b);

    // Bob is drawing; Alice draws a stroke of her own and lifts her pen.
    b.board.draw([{ ...stroke('mine', 2), index: 'b0' }], ['mine']);
    a.board.draw([{ ...stroke('s', 2), index: 'd0' }], ['s']);
    await until(b, () => onLayer('s') !== undefined, 'her ink');
    a.board.draw([{ ...stroke('s', 10), index: 'd0' }]);
    await until(b, () => commits() === 2, 'her stroke’s commit');
    frames.tick();
    frames.tick();
    frames.tick();
    expect(sizes).toEqual([]);
    expect(b.board.get('s')).toBeUndefined();
    expect(onLayer('s')?.points).toEqual(stroke('s', 10).points);

    // Her move of the rectangle is no stroke of hers on the layer: it goes at the next frame.
    a.board.draw([{ ...(a.board.get('r') as SceneElement), x: 5, version: 2 }]);
    await until(b, () => commits() === 3, 'the move’s commit');
    frames.tick();
    expect(b.board.get('r')?.x).toBe(5);
    expect(b.board.get('s')).toBeUndefined();

    // Bob lifts his pen: her stroke goes to the editor, and off the layer once drawn there.
    b.board.draw([{ ...stroke('mine', 3), index: 'b0' }]);
    frames.tick();
    expect(b.board.get('s')?.version).toBe(10);
    expect(onLayer('s')).toBeDefined();
    frames.tick();
    frames.tick();
    expect(onLayer('s')).toBeUndefined();
    expect(sizes).toHaveLength(2);
  }, 120_000);
});
