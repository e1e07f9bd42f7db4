/**
 * Bad input on every socket event: missing and wrong-typed fields, `__proto__`/`constructor`
 * keys, 300 KB messages and unknown event names. Each gets an error ack with a clear message
 * (or an `error` event without an ack), stores no event, leaves Object.prototype untouched,
 * and the connection and the server stay up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_REQUEST, MESSAGE_TOO_LARGE } from '@tabula/domain';
import type { BadCase } from './badInput';
import { expectPrototypeUntouched, idCases, objectCases, prototypeSnapshot } from './badInput';
import type { Member } from './scenario';
import { createCanvas, element, logLength, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

const THREE_HUNDRED_KB = 'x'.repeat(300 * 1024);

interface SocketEventSpec {
  event: string;
  /** A valid object payload and its required fields, or 'id' for a bare-id payload. */
  valid: Record<string, unknown> | 'id';
  required?: string[];
  /** Fields that accept any JSON value. */
  anyType?: string[];
}

describe('bad input on socket events', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;
  let canvasId: string;
  let prototypeBefore: string[];

  beforeAll(async () => {
    server = await startTestServer();
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
    canvasId = await createCanvas(server, owner.token, 'Target');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    prototypeBefore = prototypeSnapshot();
  });
  afterAll(async () => {
    expectPrototypeUntouched(prototypeBefore);
    await server.close();
  });

  function specs(): SocketEventSpec[] {
    return [
      { event: 'check-if-logged-in', valid: 'id' },
      {
        event: 'online',
        valid: { userId: owner.id, username: owner.username, profilePhoto: owner.profilePhoto },
        required: ['userId', 'username', 'profilePhoto'],
      },
      {
        event: 'invite-user',
        valid: { toUserId: guest.id, canvasId, canvasName: 'Target', lines: [{ x: 1 }] },
        required: ['toUserId', 'canvasId', 'canvasName'],
        anyType: ['lines'],
      },
      { event: 'accept-invitation', valid: { canvasId }, required: ['canvasId'] },
      {
        event: 'remove-user',
        valid: { adminUserId: owner.id, canvasId, toUserId: guest.id },
        required: ['adminUserId', 'canvasId', 'toUserId'],
      },
      { event: 'can-leave-canvas', valid: 'id' },
      { event: 'leave-canvas', valid: { canvasId }, required: ['canvasId'] },
      { event: 'delete-canvas', valid: 'id' },
      { event: 'log-out', valid: 'id' },
      {
        event: 'join-canvas',
        valid: { canvasId, sinceRevision: 0 },
        required: ['canvasId'],
      },
      {
        event: 'canvas-update',
        valid: { canvasId, eventId: 'bad-input-1', elements: [element('bad')] },
        required: ['canvasId', 'eventId', 'elements'],
      },
      {
        event: 'pointer',
        valid: { canvasId, x: 1, y: 2, tool: 'pen' },
        required: ['canvasId', 'x', 'y'],
      },
    ];
  }

  function casesFor(spec: SocketEventSpec): BadCase[] {
    if (spec.valid === 'id') {
      return [...idCases(), { label: 'a 300 KB id', payload: THREE_HUNDRED_KB }];
    }
    const [firstString] = Object.entries(spec.valid).find(
      ([, value]) => typeof value === 'string',
    )!;
    return [
      ...objectCases(spec.valid, spec.required ?? [], spec.anyType),
      { label: 'a 300 KB field', payload: { ...spec.valid, [firstString]: THREE_HUNDRED_KB } },
      { label: 'a 300 KB unknown field', payload: { ...spec.valid, padding: THREE_HUNDRED_KB } },
    ];
  }

  function emitCase(socket: ClientSocket, event: string, payload: unknown) {
    return payload === undefined ? emitWithAck(socket, event) : emitWithAck(socket, event, payload);
  }

  // One test per event; the table is built once the users and the canvas exist.
  const EVENTS = [
    'check-if-logged-in',
    'online',
    'invite-user',
    'accept-invitation',
    'remove-user',
    'can-leave-canvas',
    'leave-canvas',
    'delete-canvas',
    'log-out',
    'join-canvas',
    'canvas-update',
    'pointer',
  ];

  it.each(EVENTS)('%s answers every malformed payload with an error ack', async (event) => {
    const spec = specs().find((candidate) => candidate.event === event)!;
    // Every case must be refused at validation (INVALID or TOO_LARGE), before any
    // authorisation or domain rule gets to see it.
    const before = await logLength(server);
    for (const { label, payload } of casesFor(spec)) {
      const ack = await emitCase(ownerSocket, event, payload);
      const where = `${event} with ${label}: ${JSON.stringify(ack).slice(0, 300)}`;
      expect(ack.ok, where).toBe(false);
      if (!ack.ok) {
        expect(['INVALID', 'TOO_LARGE'], where).toContain(ack.error.code);
        expect(ack.error.message, where).toMatch(/\w{3}/);
        if (label.includes('300 KB')) expect(ack.error.message, where).toBe(MESSAGE_TOO_LARGE);
      }
    }
    expect(await logLength(server)).toBe(before);
    expectPrototypeUntouched(prototypeBefore);
    expect(ownerSocket.connected).toBe(true);
    const alive = await emitWithAck(ownerSocket, 'get-all-collaborator-canvases');
    expect(alive.ok).toBe(true);
  });

  it('get-all-collaborator-canvases ignores any payload but refuses a 300 KB one', async () => {
    const before = await logLength(server);
    for (const payload of [42, { __proto__: null, x: 1 }, JSON.parse('{"__proto__":{"a":1}}')]) {
      const ack = await emitWithAck(guestSocket, 'get-all-collaborator-canvases', payload);
      expect(ack).toMatchObject({ ok: true, data: [{ canvasId }] });
    }
    const large = await emitWithAck(guestSocket, 'get-all-collaborator-canvases', THREE_HUNDRED_KB);
    expect(large).toEqual({ ok: false, error: { code: 'TOO_LARGE', message: MESSAGE_TOO_LARGE } });
    expect(await logLength(server)).toBe(before);
    expectPrototypeUntouched(prototypeBefore);
  });

  it('an unknown event name gets an error ack naming it, and the connection stays up', async () => {
    for (const event of ['drop-database', '__proto__', 'constructor', 'x'.repeat(500)]) {
      const ack = await emitWithAck(ownerSocket, event, { canvasId });
      expect(ack).toMatchObject({ ok: false, error: { code: 'INVALID' } });
      if (!ack.ok) {
        expect(ack.error.message).toContain(INVALID_REQUEST);
        expect(ack.error.message).toContain(event.slice(0, 20));
      }
    }
    expect(ownerSocket.connected).toBe(true);
    expectPrototypeUntouched(prototypeBefore);
  });

  it('without an ack, a malformed message is answered by an error event', async () => {
    const error = nextEvent<{ message: string }>(guestSocket, 'error');
    (guestSocket.emit as (event: string, payload: unknown) => void)('canvas-update', 42);
    expect((await error).message).toMatch(/JSON object/);
    const large = nextEvent<{ message: string }>(guestSocket, 'error');
    (guestSocket.emit as (event: string, payload: unknown) => void)('pointer', THREE_HUNDRED_KB);
    expect(await large).toEqual({ message: MESSAGE_TOO_LARGE });
    expect(guestSocket.connected).toBe(true);
  });

  it('after all of it the server still answers REST and sockets, and a valid stroke still commits', async () => {
    const health = await server.get('/api/health');
    expect(health.status).toBe(200);
    const ack = await emitWithAck(guestSocket, 'canvas-update', {
      canvasId,
      eventId: 'after-bad-input',
      elements: [element('good')],
    });
    expect(ack).toMatchObject({ ok: true, data: { revision: expect.any(Number) } });
    const fresh = await server.socket(owner.token);
    expect(fresh.connected).toBe(true);
  });
});
