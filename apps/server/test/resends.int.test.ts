/**
 * Resending a stored change (PROTOCOL.md: "the same eventId again acks the same revision and
 * stores nothing") holds whatever the drawing budget: a resend is acked with the revision its
 * first sending got, never refused `QUOTA_EXCEEDED`, and never spends the budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_QUOTAS } from '../src/features/canvases/quotas/quotas';
import type { QuotaConfig } from '../src/features/canvases/quotas/quotas';
import { createCanvas, element, freshEventId, logLength, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

/** A freedraw element of about 2.4 KB of JSON. */
function stroke(id: string) {
  const points = Array.from({ length: 200 }, (_, i) => [i, i % 7]);
  return element(id, { type: 'freedraw', points });
}

type Ack = { ok: true; data: { revision: number } } | { ok: false; error: { code: string } };

describe('resends and the drawing budget', () => {
  let server: TestServer | undefined;
  const now = Date.parse('2026-01-05T10:00:00Z');
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(quotas: Partial<QuotaConfig>, sockets = 1) {
    server = await startTestServer({
      overrides: {
        quotas: { ...DEFAULT_QUOTAS, ...quotas },
        // The clock stands still: a spent budget stays spent for the whole test.
        clock: { now: () => new Date(now) },
        demo: { enabled: false, password: '' },
      },
    });
    const owner = await signUp(server, 'owner');
    const canvasId = await createCanvas(server, owner.token);
    const clients: ClientSocket[] = [];
    for (let i = 0; i < sockets; i++) {
      const socket = await server.socket(owner.token);
      expect(await emitWithAck(socket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
      clients.push(socket);
    }
    return { app: server, clients, canvasId };
  }

  const update = (socket: ClientSocket, canvasId: string, eventId: string, id: string) =>
    emitWithAck(socket, 'canvas-update', {
      canvasId,
      eventId,
      elements: [stroke(id)],
    }) as Promise<Ack>;

  it('a stored change sent again is acked with its revision while the budget is spent, decoded or cut before decoding', async () => {
    const size = Buffer.byteLength(JSON.stringify([stroke('a')]));
    const { app, clients, canvasId } = await start({ bytesPerMinute: size, burstBytes: size });
    const [socket] = clients as [ClientSocket];
    const stored = freshEventId();
    const first = await update(socket, canvasId, stored, 'a');
    expect(first).toMatchObject({ ok: true });
    const { revision } = (first as { data: { revision: number } }).data;
    const before = await logLength(app);

    // The budget is spent: a new change is refused (and the socket is told so: its next
    // updates are cut before decoding)...
    expect(await update(socket, canvasId, freshEventId(), 'b')).toMatchObject({
      ok: false,
      error: { code: 'QUOTA_EXCEEDED' },
    });
    // ...but every resend of the stored one is acked with its revision.
    const resends: Ack[] = [];
    for (let i = 0; i < 40; i++) resends.push(await update(socket, canvasId, stored, 'a'));
    expect(resends).toEqual(Array.from({ length: 40 }, () => ({ ok: true, data: { revision } })));
    expect(await logLength(app)).toBe(before);
    expect(await update(socket, canvasId, freshEventId(), 'c')).toMatchObject({
      ok: false,
      error: { code: 'QUOTA_EXCEEDED' },
    });
  });

  it('five sockets sending the same 100 changes with the default quotas store each change once and ack all 500', async () => {
    const { app, clients, canvasId } = await start({}, 5);
    const before = await logLength(app);
    const changes = Array.from({ length: 100 }, (_, i) => ({
      eventId: freshEventId(),
      id: `s${i}`,
    }));
    // Each socket sends all of them in order, one after another (as a client's outbox does);
    // the five at once.
    const acks = await Promise.all(
      clients.map(async (socket) => {
        const answers: Ack[] = [];
        for (const { eventId, id } of changes)
          answers.push(await update(socket, canvasId, eventId, id));
        return answers;
      }),
    );
    for (const perSocket of acks) expect(perSocket.every((ack) => ack.ok)).toBe(true);
    // Every socket was told the same revision for each change.
    const revisions = (perSocket: Ack[]) =>
      perSocket.map((ack) => (ack as { data: { revision: number } }).data.revision);
    for (const perSocket of acks.slice(1))
      expect(revisions(perSocket)).toEqual(revisions(acks[0]!));
    expect(await logLength(app)).toBe(before + 100);
  });
});
