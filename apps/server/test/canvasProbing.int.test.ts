/**
 * No canvas id can be probed (issue #14): every canvas call, over REST and over the socket,
 * answers a canvas that exists but is not the caller's exactly as one that does not exist
 * (status and body, code and message), and stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, logLength, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const NOT_FOUND_BODY = { success: false, message: CANVAS_NOT_FOUND };
const NOT_FOUND_ACK = { ok: false, error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND } };

describe('canvas ids cannot be probed', () => {
  let server: TestServer;
  let owner: Member;
  let prober: Member;
  let proberSocket: ClientSocket;
  let hidden: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, 'owner');
    prober = await signUp(server, 'prober');
    await server.socket(owner.token); // online, so invitations reach the canvas rules
    proberSocket = await server.socket(prober.token);
    hidden = await createCanvas(server, owner.token, 'Private');
    const ownerSocket = await server.socket(owner.token);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId: hidden });
    await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId: hidden,
      eventId: freshEventId(),
      elements: [element('secret')],
    });
  });
  afterAll(() => server.close());

  const rest: Array<[string, 'get' | 'post', (id: string) => string, unknown?]> = [
    ['getcanvas', 'get', (id) => `/canvas/getcanvas/${id}`],
    ['updatecanvasname', 'post', (id) => `/canvas/updatecanvasname/${id}`, { name: 'Mine now' }],
    ['deletecanvas', 'post', (id) => `/canvas/deletecanvas/${id}`, {}],
    ['history', 'get', (id) => `/canvas/history/${id}`],
    ['scene', 'get', (id) => `/canvas/scene/${id}`],
    ['element-history', 'get', (id) => `/canvas/element-history/${id}/secret`],
    ['checkpoints', 'get', (id) => `/canvas/checkpoints/${id}`],
    ['restore', 'post', (id) => `/canvas/restore/${id}`, { revision: 0 }],
    ['fork', 'post', (id) => `/canvas/fork/${id}`, { revision: 0 }],
    ['checkpoint', 'post', (id) => `/canvas/checkpoint/${id}`, { revision: 0, label: 'v1' }],
    ['share', 'post', (id) => `/canvas/share/${id}`, {}],
    ['shares', 'get', (id) => `/canvas/shares/${id}`],
    ['unshare', 'post', (id) => `/canvas/unshare/${id}`, { linkId: randomUUID() }],
    ['thumbnail', 'get', (id) => `/canvas/thumbnail/${id}`],
    ['file', 'get', (id) => `/canvas/file/${id}/${'a'.repeat(40)}`],
  ];

  it.each(rest)(
    'REST %s: the same 404 body for "not yours" and "does not exist"',
    async (...call) => {
      const [, method, path, body] = call;
      const ask = (id: string) =>
        method === 'get'
          ? server.get(path(id), prober.token)
          : server.post(path(id), body, prober.token);
      const before = await logLength(server);
      const notYours = await ask(hidden);
      const missing = await ask(randomUUID());
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: NOT_FOUND_BODY,
      });
      expect({ status: notYours.status, body: notYours.body }).toEqual({
        status: missing.status,
        body: missing.body,
      });
      expect(await logLength(server)).toBe(before);
    },
  );

  const socketCalls: Array<[string, string, (id: string) => unknown]> = [
    ['join-canvas', 'join-canvas', (canvasId) => ({ canvasId })],
    ['watch-canvas', 'watch-canvas', (canvasId) => ({ canvasId })],
    [
      'canvas-update',
      'canvas-update',
      (canvasId) => ({ canvasId, eventId: freshEventId(), elements: [element('x')] }),
    ],
    ['accept-invitation', 'accept-invitation', (canvasId) => ({ canvasId })],
    ['leave-canvas', 'leave-canvas', (canvasId) => ({ canvasId })],
    ['delete-canvas', 'delete-canvas', (canvasId) => canvasId],
  ];

  it.each(socketCalls)('socket %s: the same error ack for both', async (_name, event, payload) => {
    const before = await logLength(server);
    const notYours = await emitWithAck(proberSocket, event, payload(hidden));
    const missing = await emitWithAck(proberSocket, event, payload(randomUUID()));
    expect(missing).toEqual(NOT_FOUND_ACK);
    expect(notYours).toEqual(missing);
    expect(await logLength(server)).toBe(before);
  });

  it('socket invite-user, remove-user, ink and can-leave-canvas: the same answer for both', async () => {
    for (const [event, payload] of [
      [
        'invite-user',
        (canvasId: string) => ({ toUserId: owner.id, canvasId, canvasName: 'x', lines: [] }),
      ],
      [
        'remove-user',
        (canvasId: string) => ({ adminUserId: prober.id, canvasId, toUserId: owner.id }),
      ],
    ] as const) {
      const notYours = await emitWithAck(proberSocket, event, payload(hidden));
      const missing = await emitWithAck(proberSocket, event, payload(randomUUID()));
      expect(missing).toEqual(NOT_FOUND_ACK);
      expect(notYours).toEqual(missing);
    }
    // Ink to a canvas not joined: one refusal for both (the room is not the prober's either way).
    const ink = (canvasId: string) => ({ canvasId, elements: [element('x')] });
    expect(await emitWithAck(proberSocket, 'ink', ink(hidden))).toEqual(
      await emitWithAck(proberSocket, 'ink', ink(randomUUID())),
    );
    const canLeave = await emitWithAck(proberSocket, 'can-leave-canvas', hidden);
    expect(canLeave).toEqual(await emitWithAck(proberSocket, 'can-leave-canvas', randomUUID()));
  });
});
