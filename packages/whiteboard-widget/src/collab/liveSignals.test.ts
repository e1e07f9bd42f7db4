/**
 * The local user's ink against the real server when the socket cannot write it: Socket.IO
 * would drop a volatile message then and yet count it as sent, so the engine holds it and
 * tries again at the next ink interval, until the socket can write; the peer then sees the
 * element in progress with no further change from its author.
 */
import { describe, expect, it } from 'vitest';
import { stroke } from '../test/elements';
import { open, sharedCanvas, useEngineServer } from '../test/engineServer';
import { drain, until } from '../test/testBoard';
import { ManualScheduler } from './scheduler';
import type { Transport } from './Transport';

const server = useEngineServer();

/** The transport with `inkWritable` false while `blocked`, and its `ink` calls counted. */
function gate() {
  const state = { blocked: false, asked: 0, sent: 0 };
  const wrap = (transport: Transport): Transport => ({
    ...transport,
    inkWritable: () => {
      state.asked += 1;
      return !state.blocked && transport.inkWritable?.() !== false;
    },
    ink: (payload) => {
      state.sent += 1;
      transport.ink(payload);
    },
  });
  return { state, wrap };
}

describe('ink while the socket cannot write it', () => {
  it('is held and sent at a later interval once the socket can write, with no new change', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const inkGate = gate();
    const a = await open(server().url, alice, canvasId, { scheduler }, true, inkGate.wrap);
    const b = await open(server().url, bob, canvasId);

    inkGate.state.blocked = true;
    a.board.draw([stroke('inprogress', 4)], ['inprogress']);
    // The ink was due at once, found the socket unable to write it, and was not sent.
    expect(inkGate.state.asked).toBeGreaterThan(0);
    expect(inkGate.state.sent).toBe(0);
    const askedWhileBlocked = inkGate.state.asked;
    scheduler.advance(20);
    // Still blocked: asked again at the next interval, still not sent.
    expect(inkGate.state.asked).toBeGreaterThan(askedWhileBlocked);
    expect(inkGate.state.sent).toBe(0);

    inkGate.state.blocked = false;
    // The next intervals send it (the real socket may itself still be busy for a turn or two).
    for (let turn = 0; turn < 100 && inkGate.state.sent === 0; turn += 1) {
      scheduler.advance(20);
      await drain();
    }
    expect(inkGate.state.sent).toBe(1);
    await until(
      b,
      () => b.client.peerActivity.previews().some((element) => element.id === 'inprogress'),
      'Alice’s stroke in progress at Bob',
    );
  });
});
