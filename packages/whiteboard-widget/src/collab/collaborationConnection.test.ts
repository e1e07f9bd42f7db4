/**
 * The sync engine against the real server: joins refused or retried, sign-out, status and errors.
 */
import { filter, firstValueFrom, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { rect } from '../test/elements';
import {
  closeAfterTest,
  linesDrawn,
  open,
  sharedCanvas,
  useEngineServer,
} from '../test/engineServer';
import { drain, intercept, until } from '../test/testBoard';
import { CollaborationClient } from './CollaborationClient';
import { JoinRefusedError } from './collaborationOptions';
import type { CollaborationError } from './collaborationOptions';
import { ManualScheduler } from './scheduler';
import { socketIoTransport } from './socketIoTransport';
import { TransportError } from './Transport';

const server = useEngineServer();

describe('CollaborationClient against the real server: the connection', () => {
  it('reports signed-out when the server refuses the session', async () => {
    const transport = socketIoTransport(server().url, 'not-a-session', {
      socketOptions: { transports: ['websocket'], forceNew: true, reconnection: false },
    });
    const client = new CollaborationClient({ transport, canvasId: 'any' });
    closeAfterTest(
      () => client.dispose(),
      () => transport.close(),
    );
    const errors: CollaborationError[] = [];
    client.errors$.subscribe((error) => errors.push(error));
    client.start();
    await firstValueFrom(client.status$.pipe(filter((status) => status === 'signed-out')));
    expect(errors.map((error) => error.kind)).toEqual(['signed-out']);
  });

  it('reports a refused join with the server’s code, and never gives a scene', async () => {
    const { alice } = await sharedCanvas(server());
    const stranger = await server().createUserAndToken('eve');
    const othersCanvas = await server().createCanvas(alice.token, 'private');
    // A canvas that is not yours: the server's code (FORBIDDEN or NOT_FOUND), whichever it is.
    for (const [canvasId, codes] of [
      ['000000000000000000000000', ['NOT_FOUND']],
      [othersCanvas, ['FORBIDDEN', 'NOT_FOUND']],
    ] as const) {
      const tab = await open(server().url, stranger, canvasId, {}, false);
      const error = await firstValueFrom(tab.client.errors$);
      expect(error.kind).toBe('join-refused');
      expect(codes).toContain(error.code);
      await expect(tab.client.initialScene()).rejects.toBeInstanceOf(JoinRefusedError);
      expect(tab.client.status).toBe('closed');
    }
  });

  it('joins again, after a backoff, when the join ack times out on a live connection', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const timedOut = intercept('join-canvas', (call) =>
      call === 1 ? Promise.reject(new TransportError('timeout')) : null,
    );
    const a = await open(server().url, alice, canvasId, { scheduler }, false, timedOut.wrap);
    await until(a, () => a.client.status === 'joining' && timedOut.calls() === 1, 'the first join');
    await drain();
    scheduler.advance(1000);
    await a.board.mount();
    await until(a, () => a.client.status === 'live', 'the second join');
    expect(timedOut.calls()).toBe(2);
    a.board.draw([rect('after')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server().events(), canvasId)).toHaveLength(1);
  });

  it('retries a join the server refused as busy (RATE_LIMITED, INTERNAL); strokes after it are kept', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const busy = intercept('join-canvas', (call) =>
      call <= 2
        ? Promise.resolve({
            ok: false as const,
            error: { code: call === 1 ? 'RATE_LIMITED' : 'INTERNAL', message: 'busy' },
          })
        : null,
    );
    const a = await open(server().url, alice, canvasId, { scheduler }, false, busy.wrap);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    await until(a, () => busy.calls() === 1, 'the first join');
    await drain();
    scheduler.advance(1000);
    expect(busy.calls()).toBe(2);
    await drain();
    scheduler.advance(2000); // the wait doubles
    await a.board.mount();
    await until(a, () => a.client.status === 'live', 'the third join');
    expect(errors).toEqual([]);
    a.board.draw([rect('kept')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server().events(), canvasId)).toHaveLength(1);
  });

  it('says live while the socket works even when navigator.onLine says offline; “waiting” only after a second', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    let releaseAck: () => void = () => undefined;
    const slow = intercept('canvas-update', (call) =>
      call === 2
        ? new Promise(
            (resolve) => (releaseAck = () => resolve({ ok: true, data: { revision: 0 } } as never)),
          )
        : null,
    );
    const a = await open(
      server().url,
      alice,
      canvasId,
      { scheduler, online$: of(false) },
      true,
      slow.wrap,
    );
    expect(a.client.status).toBe('live');
    const shown: number[] = [];
    a.client.waiting$.subscribe((count) => shown.push(count));
    a.board.draw([rect('quick')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    expect(shown).toEqual([0]); // no 0 → 1 → 0 flicker
    a.board.draw([rect('slow')]);
    await drain();
    scheduler.advance(999);
    expect(shown).toEqual([0]);
    scheduler.advance(1);
    expect(shown).toEqual([0, 1]);
    releaseAck();
    await until(a, () => a.client.pendingCount === 0, 'the slow ack');
    expect(shown).toEqual([0, 1, 0]);
  });

  it('does not report the shared socket’s app-level errors as the board’s', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    const socketError = firstValueFrom(a.transport.events('error'));
    // Ink for a canvas this user is not on: refused with an `error` (no ack), about no board here.
    a.transport.socket.emit('ink', { canvasId: '000000000000000000000000', elements: [rect('z')] });
    await socketError;
    await drain();
    expect(errors).toEqual([]);
  });

  it('closes, sends nothing more and says so when a re-join is refused for good', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const removed = intercept('join-canvas', (call) =>
      call === 2
        ? Promise.resolve({
            ok: false as const,
            error: { code: 'FORBIDDEN', message: 'Not allowed!' },
          })
        : null,
    );
    const a = await open(server().url, alice, canvasId, {}, true, removed.wrap);
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    a.transport.socket.disconnect();
    a.transport.socket.connect();
    await firstValueFrom(a.client.status$.pipe(filter((status) => status === 'closed')));
    expect(errors).toEqual([{ kind: 'join-refused', code: 'FORBIDDEN', message: 'Not allowed!' }]);
    // The engine is closed: `useCollaboration` makes the board read-only (bind.readOnly).
    a.board.draw([rect('lost')]);
    expect(a.client.pendingCount).toBe(0);
  });
});
