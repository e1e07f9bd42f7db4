/**
 * Quotas (issue #14), each with a small limit: drawing bytes per minute per user, elements per
 * canvas, drawing bytes per canvas, canvases per user. Over a quota the call gets a
 * QUOTA_EXCEEDED refusal naming the limit, nothing is stored, the socket stays up and a later
 * legal call works.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  QUOTA_BYTES_PER_CANVAS_REACHED,
  QUOTA_BYTES_PER_MINUTE_REACHED,
  QUOTA_CANVASES_PER_USER_REACHED,
  QUOTA_ELEMENTS_PER_CANVAS_REACHED,
} from '@tabula/domain';
import type { QuotaConfig } from '../src/features/canvases/quotas/quotas';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, logLength, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const GENEROUS: QuotaConfig = {
  bytesPerMinute: 1e12,
  burstBytes: 1e12,
  elementsPerCanvas: 1e9,
  bytesPerCanvas: 1e12,
  canvasesPerUser: 1e6,
};

/** A freedraw element of about 2.4 KB of JSON. */
function stroke(id: string, version = 1) {
  const points = Array.from({ length: 200 }, (_, i) => [i, i % 7]);
  return element(id, { type: 'freedraw', points, version });
}

/** Bytes of a `canvas-update`'s elements as the quotas count them. */
function bytesOf(elements: unknown[]): number {
  return Buffer.byteLength(JSON.stringify(elements));
}

describe('quotas', () => {
  let server: TestServer | undefined;
  let now = Date.parse('2026-01-05T10:00:00Z');
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(quotas: Partial<QuotaConfig>) {
    server = await startTestServer({
      overrides: {
        quotas: { ...GENEROUS, ...quotas },
        clock: { now: () => new Date(now) },
        // The demo accounts' sample drawings would spend the small budgets under test.
        demo: { enabled: false, password: '' },
      },
    });
    const owner = await signUp(server, 'owner');
    const socket = await server.socket(owner.token);
    const canvasId = await createCanvas(server, owner.token);
    expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    return { app: server, owner, socket, canvasId };
  }

  function draw(socket: ClientSocket, canvasId: string, elements: unknown[]) {
    return emitWithAck<{ revision: number }>(socket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements,
    });
  }

  /** The refusal, with nothing stored, on a socket still connected. */
  async function expectRefused(
    app: TestServer,
    socket: ClientSocket,
    call: () => Promise<unknown>,
    message: string,
    /** For a refusal for now only: when the client may send it again. */
    retryAfterMs?: number,
  ) {
    const before = await logLength(app);
    const error = { code: 'QUOTA_EXCEEDED', message, ...(retryAfterMs ? { retryAfterMs } : {}) };
    expect(await call()).toEqual({ ok: false, error });
    expect(await logLength(app)).toBe(before);
    expect(socket.connected).toBe(true);
  }

  it('bytes per minute: an update past the user’s budget is refused until the budget refills', async () => {
    const size = bytesOf([stroke('a')]);
    // The update that spends the budget is taken whole; the next one finds nothing left.
    const perMinute = Math.floor(size / 2);
    const { app, socket, canvasId } = await start({ bytesPerMinute: perMinute });
    expect(await draw(socket, canvasId, [stroke('a')])).toMatchObject({ ok: true });
    // The refusal says when the overdraft is paid back (the clock stands still here).
    await expectRefused(
      app,
      socket,
      () => draw(socket, canvasId, [stroke('b')]),
      QUOTA_BYTES_PER_MINUTE_REACHED,
      Math.floor(((size - perMinute) * 60_000) / perMinute) + 1,
    );
    // Other calls still work at once; drawing again once the minute has passed.
    expect(await emitWithAck(socket, 'get-all-collaborator-canvases')).toMatchObject({ ok: true });
    now += 120_000; // the overshoot of the first update is paid back, then a minute's budget
    expect(await draw(socket, canvasId, [stroke('b')])).toMatchObject({ ok: true });
  });

  it('bytes per minute: once told, a spent budget refuses updates before decoding them', async () => {
    const size = bytesOf([stroke('a')]);
    const perMinute = Math.floor(size / 2);
    const retryAfterMs = Math.floor(((size - perMinute) * 60_000) / perMinute) + 1;
    const { app, socket, canvasId } = await start({ bytesPerMinute: perMinute });
    expect(await draw(socket, canvasId, [stroke('a')])).toMatchObject({ ok: true });
    const refuse = (id: string) =>
      expectRefused(
        app,
        socket,
        () => draw(socket, canvasId, [stroke(id)]),
        QUOTA_BYTES_PER_MINUTE_REACHED,
        retryAfterMs,
      );
    await refuse('b'); // decoded, then refused: the socket learns its budget is spent
    // The server (in this process) decodes each message with JSON.parse: count the updates'.
    const parse = JSON.parse;
    let updatesDecoded = 0;
    JSON.parse = (text: string, reviver?: Parameters<typeof parse>[1]) => {
      if (typeof text === 'string' && text.length > size && text.startsWith('["canvas-update"'))
        updatesDecoded += 1;
      return parse(text, reviver) as unknown;
    };
    try {
      await refuse('c');
      await refuse('d');
    } finally {
      JSON.parse = parse;
    }
    expect(updatesDecoded).toBe(0);
    // Once the budget is back the same update is decoded and saved.
    now += 120_000;
    expect(await draw(socket, canvasId, [stroke('c')])).toMatchObject({ ok: true });
  });

  it('burst: a user saves at most the burst at once, then at the minute’s rate', async () => {
    const size = bytesOf([stroke('a')]);
    // A minute's budget of 100 strokes, but no more than about 1.5 at once.
    const burst = Math.floor(size * 1.5);
    const { app, socket, canvasId } = await start({
      bytesPerMinute: size * 100,
      burstBytes: burst,
    });
    expect(await draw(socket, canvasId, [stroke('a')])).toMatchObject({ ok: true });
    expect(await draw(socket, canvasId, [stroke('b')])).toMatchObject({ ok: true });
    await expectRefused(
      app,
      socket,
      () => draw(socket, canvasId, [stroke('c')]),
      QUOTA_BYTES_PER_MINUTE_REACHED,
      Math.floor(((2 * size - burst) * 60_000) / (size * 100)) + 1,
    );
    now += 1_000; // 1 s refills 1.67 strokes: the overshoot of half a stroke, and more
    expect(await draw(socket, canvasId, [stroke('c')])).toMatchObject({ ok: true });
  });

  it('elements per canvas: new elements past the limit are refused; changing existing ones is not', async () => {
    const { app, socket, canvasId } = await start({ elementsPerCanvas: 3 });
    expect(await draw(socket, canvasId, [element('a'), element('b')])).toMatchObject({ ok: true });
    await expectRefused(
      app,
      socket,
      () => draw(socket, canvasId, [element('c'), element('d')]),
      QUOTA_ELEMENTS_PER_CANVAS_REACHED,
    );
    const edit = [element('a', { version: 2, x: 99 }), element('c')];
    expect(await draw(socket, canvasId, edit)).toMatchObject({ ok: true });
    await expectRefused(
      app,
      socket,
      () => draw(socket, canvasId, [element('e')]),
      QUOTA_ELEMENTS_PER_CANVAS_REACHED,
    );
    // Deleting (a tombstone of a known element) is still possible.
    const deletion = [element('b', { version: 3, isDeleted: true })];
    expect(await draw(socket, canvasId, deletion)).toMatchObject({ ok: true });
  });

  it('bytes per canvas: a canvas whose saved drawing is full refuses more; other canvases do not', async () => {
    const size = bytesOf([stroke('a')]);
    const { app, owner, socket, canvasId } = await start({
      bytesPerCanvas: Math.floor(size * 2.5),
    });
    expect(await draw(socket, canvasId, [stroke('a')])).toMatchObject({ ok: true });
    expect(await draw(socket, canvasId, [stroke('a', 2)])).toMatchObject({ ok: true });
    await expectRefused(
      app,
      socket,
      () => draw(socket, canvasId, [stroke('a', 3)]),
      QUOTA_BYTES_PER_CANVAS_REACHED,
    );
    const other = await createCanvas(app, owner.token, 'Another');
    expect(await emitWithAck(socket, 'join-canvas', { canvasId: other })).toMatchObject({
      ok: true,
    });
    expect(await draw(socket, other, [stroke('a')])).toMatchObject({ ok: true });
  });

  it('canvases per user: creating past the limit answers 403 with the reason; deleting one makes room', async () => {
    const { app, owner } = await start({ canvasesPerUser: 2 });
    const second = await createCanvas(app, owner.token, 'Second');
    const before = await logLength(app);
    const refused = await app.post('/canvas/createcanvas', { name: 'Third' }, owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: QUOTA_CANVASES_PER_USER_REACHED });
    expect(await logLength(app)).toBe(before);
    // Forks count too.
    const fork = await app.post(`/canvas/fork/${second}`, { revision: 0 }, owner.token);
    expect(fork.status).toBe(403);
    expect(fork.body.message).toBe(QUOTA_CANVASES_PER_USER_REACHED);
    expect(await logLength(app)).toBe(before);
    // Someone else is not affected; the owner can create again after deleting one.
    const other: Member = await signUp(app, 'other');
    await createCanvas(app, other.token, 'Theirs');
    const deleted = await app.post(`/canvas/deletecanvas/${second}`, {}, owner.token);
    expect(deleted.status).toBe(200);
    await createCanvas(app, owner.token, 'Third');
  });
});
