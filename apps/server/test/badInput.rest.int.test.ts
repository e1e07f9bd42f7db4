/**
 * Bad input on every REST call: missing and wrong-typed fields, non-object and non-JSON
 * bodies, 1 MB strings, `__proto__`/`constructor` keys, bad ids and tokens. Each answers a
 * 4xx with a clear message, stores no event, leaves Object.prototype untouched, and the
 * server keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_UPDATE } from '@tabula/domain';
import type { BadCase } from './badInput';
import {
  expectPrototypeUntouched,
  objectCases,
  prototypeSnapshot,
  withConstructorKey,
  withProtoKey,
} from './badInput';
import type { Member } from './scenario';
import { createCanvas, logLength, signUp } from './scenario';
import type { ApiAnswer, TestServer } from './testServer';
import { startTestServer } from './testServer';

const ONE_MB = 'x'.repeat(1024 * 1024);

interface BodyCall {
  route: string;
  valid: Record<string, unknown>;
  required: string[];
  authenticated: boolean;
}

describe('bad input on REST calls', () => {
  let server: TestServer;
  let user: Member;
  let canvasId: string;
  let prototypeBefore: string[];

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUp(server, 'target');
    canvasId = await createCanvas(server, user.token, 'Target');
    prototypeBefore = prototypeSnapshot();
  });
  afterAll(async () => {
    expectPrototypeUntouched(prototypeBefore);
    await server.close();
  });

  /** Posts every case; each must be a 4xx with a message; the log must not grow. */
  async function expectAllRefused(route: string, cases: BadCase[], token?: string) {
    const before = await logLength(server);
    for (const { label, payload } of cases) {
      const answer: ApiAnswer = await server.post(
        route,
        payload === undefined
          ? ''
          : typeof payload === 'string'
            ? payload
            : JSON.stringify(payload),
        token,
      );
      const where = `${route} with ${label}: ${answer.status} ${JSON.stringify(answer.body)}`;
      expect(answer.status, where).toBeGreaterThanOrEqual(400);
      expect(answer.status, where).toBeLessThan(500);
      expect(answer.body.success, where).toBe(false);
      expect(answer.body.message, where).toEqual(expect.stringMatching(/\w/));
    }
    expect(await logLength(server)).toBe(before);
    expectPrototypeUntouched(prototypeBefore);
    const health = await server.get('/api/health');
    expect(health.status).toBe(200);
  }

  function bodyCases(call: BodyCall): BadCase[] {
    const stringFields = Object.entries(call.valid).filter(
      ([, value]) => typeof value === 'string',
    );
    return [
      ...objectCases(call.valid, call.required).filter((item) => item.payload !== undefined),
      { label: 'invalid JSON', payload: '{"name": ' },
      { label: 'a JSON string', payload: '"just a string"' },
      { label: 'a raw __proto__ body', payload: JSON.stringify(withProtoKey({})) },
      { label: 'a raw constructor body', payload: JSON.stringify(withConstructorKey({})) },
      ...stringFields.map(([field]) => ({
        label: `a 1 MB ${field}`,
        payload: { ...call.valid, [field]: ONE_MB },
      })),
      { label: 'a 1 MB unknown field', payload: { ...call.valid, padding: ONE_MB } },
    ];
  }

  const BODY_CALLS: BodyCall[] = [
    {
      route: '/auth/createuser',
      valid: {
        name: 'Valid Name',
        username: 'validname',
        email: 'v@example.com',
        password: 'long enough pw',
      },
      required: ['username', 'email', 'password'],
      authenticated: false,
    },
    {
      route: '/auth/loginuser',
      valid: { email: 'v@example.com', password: 'long enough pw' },
      required: ['email', 'password'],
      authenticated: false,
    },
    {
      route: '/auth/demologin',
      valid: { account: 1 },
      required: ['account'],
      authenticated: false,
    },
    {
      route: '/auth/updateuser',
      valid: { name: 'New Name', username: 'freshname' },
      required: [],
      authenticated: true,
    },
    {
      route: '/canvas/createcanvas',
      valid: { name: 'New canvas' },
      required: [],
      authenticated: true,
    },
    {
      route: '/canvas/updatecanvasname/:id',
      valid: { name: 'Another name' },
      required: ['name'],
      authenticated: true,
    },
  ];

  it.each(BODY_CALLS)('POST $route refuses every malformed body with a 4xx', async (call) => {
    const route = call.route.replace(':id', () => canvasId);
    await expectAllRefused(route, bodyCases(call), call.authenticated ? user.token : undefined);
  });

  it('POST /canvas/deletecanvas/:id refuses any body but {} and keeps the canvas', async () => {
    await expectAllRefused(
      `/canvas/deletecanvas/${canvasId}`,
      [
        { label: 'a field', payload: { force: true } },
        { label: 'a __proto__ key', payload: withProtoKey({}) },
        { label: 'a constructor key', payload: withConstructorKey({}) },
        { label: 'an array', payload: [] },
        { label: 'a 1 MB field', payload: { padding: ONE_MB } },
        { label: 'invalid JSON', payload: '{' },
      ],
      user.token,
    );
    expect((await server.get(`/canvas/getcanvas/${canvasId}`, user.token)).status).toBe(200);
  });

  it('POST /auth/updateuser refuses an empty change', async () => {
    await expectAllRefused('/auth/updateuser', [{ label: 'no field', payload: {} }], user.token);
    const answer = await server.post('/auth/updateuser', {}, user.token);
    expect(answer).toMatchObject({ status: 400, body: { message: NOTHING_TO_UPDATE } });
  });

  it('canvas ids in the path: malformed or overlong ids are a 4xx, never a 5xx', async () => {
    const before = await logLength(server);
    for (const id of [
      'x'.repeat(300),
      '%00',
      'a%20b',
      '__proto__',
      'constructor',
      '..%2F..%2Fetc',
    ]) {
      for (const answer of [
        await server.get(`/canvas/getcanvas/${id}`, user.token),
        await server.post(`/canvas/updatecanvasname/${id}`, { name: 'X' }, user.token),
        await server.post(`/canvas/deletecanvas/${id}`, {}, user.token),
      ]) {
        expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.message).toEqual(expect.stringMatching(/\w/));
      }
    }
    expect(await logLength(server)).toBe(before);
  });

  it('auth-token headers that are garbage, overlong or of another user are refused on every authenticated call', async () => {
    const before = await logLength(server);
    for (const token of ['', 'short', 'x'.repeat(300), `${user.token}x`, ' '.repeat(40)]) {
      for (const answer of [
        await server.get('/auth/fetchuser', token),
        await server.get('/canvas/getallcanvases', token),
        await server.post('/auth/logout', {}, token),
        await server.get(`/canvas/getcanvas/${canvasId}`, token),
      ]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      }
    }
    const huge = await fetch(`${server.url}/auth/fetchuser`, {
      headers: { 'auth-token': 'x'.repeat(20_000) },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await logLength(server)).toBe(before);
    expect((await server.get('/auth/fetchuser', user.token)).status).toBe(200);
  });
});
