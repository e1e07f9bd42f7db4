/**
 * A peer whose socket stops reading must not make the server hold more and more for it while
 * others keep drawing: commits wait in the log (the peer catches up when it reads again), ink
 * is coalesced per element. The bound is on what the server holds for that socket (Engine.IO's
 * write buffer plus the WebSocket's unsent bytes) and on the process's memory after GC; the
 * test waits for conditions (a backlog reached, a revision heard), never for time.
 *
 * SQLite only: the in-memory event store keeps every event in the heap by design.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketBacklogBytes } from '../src/realtime/socketSession';
import type { AppSocket } from '../src/realtime/socketTypes';
import type { Member } from './scenario';
import { createCanvas, element, eventMatching, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MAX_BACKLOG = 256 * 1024;
/** What the server may hold for the paused socket: the bound plus one commit frame, and some. */
const HELD_BOUND = MAX_BACKLOG + 512 * 1024;
const STROKES = 10;
/** Long strokes (about 12 KB each): fewer round trips for the bytes the test must send. */
const POINTS = Array.from({ length: 1200 }, (_, i) => [i, (i * 7) % 50]);
/** A hang guard for the whole test, sized for a machine busy ten times over. */
const HANG_GUARD_MS = 600_000;

/** The same ten strokes at a rising version: the scene stays the same size, the log grows. */
function strokes(version: number) {
  return Array.from({ length: STROKES }, (_, i) =>
    element(`stroke-${i}`, { type: 'freedraw', version, versionNonce: version, points: POINTS }),
  );
}

/** The TCP socket under a socket.io-client's WebSocket transport. */
function tcpOf(socket: ClientSocket): { pause(): void; resume(): void } {
  const engine = (socket.io as unknown as { engine: { transport: { ws: { _socket: never } } } })
    .engine;
  return engine.transport.ws._socket;
}

function memoryAfterGc(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

describe('a paused peer', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;

  beforeAll(async () => {
    server = await startTestServer({
      overrides: {
        liveRooms: { maxBacklogBytes: MAX_BACKLOG },
        // The peer stays paused until the others have written 20 backlogs' worth: on a busy
        // machine longer than Socket.IO's ping interval and timeout (45 s), after which the
        // server rightly lets a silent peer go. Here it must stay to be measured.
        heartbeat: { pingTimeoutMs: 600_000 },
      },
    });
    [owner, guest] = [await signUp(server, 'drawer'), await signUp(server, 'sleeper')];
  });
  afterAll(() => server.close());

  it(
    'costs the server a bounded backlog while others draw, and catches up when it reads again',
    async () => {
      const canvasId = await createCanvas(server, owner.token);
      const [drawer, paused] = [await server.socket(owner.token), await server.socket(guest.token)];
      await makeCollaborator(drawer, paused, guest.id, canvasId);
      const watcher = await server.socket(owner.token);
      for (const socket of [drawer, paused, watcher])
        expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
      const serverSide = server.app.gateway.io.sockets.sockets.get(paused.id!) as AppSocket;
      const held = () => socketBacklogBytes(serverSide);

      let version = 1;
      let revision = -1;
      let wrote = 0;
      async function draw(): Promise<void> {
        version += 1;
        const elements = strokes(version);
        // A stroke in progress (whole elements, the heaviest kind of ink), then its commit.
        await emitWithAck(drawer, 'ink', { canvasId, elements });
        const ack = await emitWithAck<{ revision: number }>(drawer, 'canvas-update', {
          canvasId,
          eventId: `paused-${version}`,
          elements,
        });
        if (!ack.ok) throw new Error(JSON.stringify(ack));
        revision = ack.data.revision;
        wrote += 2 * JSON.stringify(elements).length;
      }
      /**
       * Draws the next stroke and waits until the watcher (reading normally) has heard its
       * commit; it listens before drawing, so a frame that beats the ack is not missed.
       */
      const drawAndHear = async () => {
        const next = version + 1;
        const heard = eventMatching<{ elements: { version: number }[] }>(
          watcher,
          'updated-canvas',
          (m) => m.elements[0]?.version === next,
        );
        await draw();
        await heard;
      };

      tcpOf(paused).pause();
      // Fill the kernel's buffers and then the server's, until the server holds back.
      for (let i = 0; held() <= MAX_BACKLOG; i++) {
        if (i > 5000) throw new Error(`the server never held more than ${held()} bytes`);
        await drawAndHear();
      }
      const baseline = memoryAfterGc();
      const wroteBefore = wrote;
      let mostHeld = held();
      // Others draw 20 times what the server may hold for the paused peer.
      while (wrote - wroteBefore <= 20 * HELD_BOUND) {
        await drawAndHear();
        mostHeld = Math.max(mostHeld, held());
      }
      const sentMeanwhile = wrote - wroteBefore;
      const growth = memoryAfterGc() - baseline;

      expect(mostHeld).toBeLessThanOrEqual(HELD_BOUND);
      // Nothing else keeps what the peer missed: were it queued anywhere, the heap would grow by
      // at least what was sent. (Not a tighter bound: the clients share this process, and on a
      // busy machine their own queues grew the heap by half of it, on a quiet one not at all.)
      expect(growth).toBeLessThan(sentMeanwhile);

      // Reading again, it gets everything it missed: the newest version of every stroke.
      const final = eventMatching<{ revision: number; elements: { version: number }[] }>(
        paused,
        'updated-canvas',
        (message) => message.revision === revision,
        HANG_GUARD_MS,
      );
      tcpOf(paused).resume();
      const caughtUp = await final;
      expect(caughtUp.elements.map((stroke) => stroke.version)).toEqual(
        Array(STROKES).fill(version),
      );
    },
    HANG_GUARD_MS,
  );
});
