import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  deflatedWebSocketFrame,
  deflatedWebSocketFrameOffLoop,
  webSocketFrame,
} from './webSocketFrames';

/** The message a receiver reads from a compressed frame (RFC 7692: the flush tail put back). */
function inflated(frame: Buffer): string {
  const length = frame[1]! & 0x7f;
  const header = length < 126 ? 2 : length === 126 ? 4 : 10;
  const payload = Buffer.concat([frame.subarray(header), Buffer.from([0, 0, 0xff, 0xff])]);
  return inflateRawSync(payload, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
}

describe('compressed WebSocket frames', () => {
  const text = `2${JSON.stringify(['scene-chunk', { elements: Array.from({ length: 800 }, (_, i) => ({ id: `e${i}`, points: [[i, i / 3]] })) }])}`;

  it('are the same bytes deflated on the thread pool as on the event loop', async () => {
    const onLoop = deflatedWebSocketFrame(text);
    expect(await deflatedWebSocketFrameOffLoop(text)).toEqual(onLoop);
    expect(onLoop[0]).toBe(0xc1); // final text frame, RSV1: compressed
    expect(inflated(onLoop)).toBe(`4${text}`);
    expect(onLoop.length).toBeLessThan(text.length / 2);
  });

  it('are the same bytes written from a text in pieces as from the text', async () => {
    // Pieces as a scene chunk's: the texts one by one, some not ASCII, the frame over 64 KB.
    const element = (i: number) => JSON.stringify({ id: `e${i}`, text: `naïve ✏️ ${i}`.repeat(9) });
    const pieces = ['2["scene-chunk",{"elements":[', element(0)];
    for (let i = 1; i < 800; i++) pieces.push(',', element(i));
    pieces.push(']}]');
    const whole = pieces.join('');
    expect(webSocketFrame(pieces)).toEqual(webSocketFrame(whole));
    expect(webSocketFrame(pieces).subarray(10).toString()).toBe(`4${whole}`);
    expect(deflatedWebSocketFrame(pieces)).toEqual(deflatedWebSocketFrame(whole));
    expect(inflated(await deflatedWebSocketFrameOffLoop(pieces))).toBe(`4${whole}`);
  });
});
