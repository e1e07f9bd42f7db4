import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedWebSocketFrame, deflatedWebSocketFrameOffLoop } from './webSocketFrames';

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
});
