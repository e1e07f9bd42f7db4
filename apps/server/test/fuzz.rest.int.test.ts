/**
 * Property-based fuzz of the REST edge (fast-check, fixed seeds): random methods, paths (the
 * real routes with random segments, and random paths), query strings, headers (tokens, content
 * types, forwarded addresses) and bodies (JSON with prototype keys, broken JSON, text, large).
 * Every case: no 5xx, nothing logged as an unexpected error, a refused call (4xx) stores no
 * event, `Object.prototype` untouched. After the run the server still answers its health check.
 */
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from './scenario';
import { createCanvas, signUp } from './scenario';
import { FUZZ_RUNS, hostileJson, hostileString, mutate, prototypesUntouched } from './support/fuzz';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const ROUTES: [string, string][] = [
  ['POST', '/auth/createuser'],
  ['POST', '/auth/loginuser'],
  ['POST', '/auth/demologin'],
  ['GET', '/auth/fetchuser'],
  ['POST', '/auth/updateuser'],
  ['POST', '/canvas/createcanvas'],
  ['GET', '/canvas/getcanvas/:id'],
  ['GET', '/canvas/getallcanvases'],
  ['POST', '/canvas/updatecanvasname/:id'],
  ['POST', '/canvas/deletecanvas/:id'],
  ['GET', '/canvas/history/:id'],
  ['GET', '/canvas/scene/:id'],
  ['GET', '/canvas/replay/:id'],
  ['GET', '/canvas/element-history/:id/:id'],
  ['GET', '/canvas/checkpoints/:id'],
  ['POST', '/canvas/restore/:id'],
  ['POST', '/canvas/fork/:id'],
  ['POST', '/canvas/checkpoint/:id'],
  ['POST', '/canvas/file/:id'],
  ['GET', '/canvas/file/:id/:id'],
  ['POST', '/canvas/share/:id'],
  ['GET', '/canvas/shares/:id'],
  ['POST', '/canvas/unshare/:id'],
  ['GET', '/canvas/view/:id'],
  ['GET', '/canvas/thumbnail/:id'],
  ['GET', '/api/health'],
  ['GET', '/api/ready'],
  ['GET', '/api/nothing-here'],
];

/** Valid bodies for the routes that take one: the fuzz breaks them in one place. */
const VALID_BODIES: unknown[] = [
  { name: 'A', username: 'fuzzer', email: 'f@example.com', password: 'password-123' },
  { email: 'f@example.com', password: 'password-123' },
  { name: 'Board' },
  { revision: 1 },
  { fileId: 'f', mimeType: 'image/png', dataURL: 'data:image/png;base64,iVBORw0KGgo=' },
];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

let server: TestServer;
let member: Member;
let canvasId: string;
const logged: string[] = [];
/** How many answers of each class the run got (printed: a fuzz that only meets 404s is no fuzz). */
const statuses: Record<string, number> = {};
/** A client that sends broken HTTP is logged by Koa's 'http' handler: not a server fault. */
const CLIENT_FAULT = /^http: .*(Parse Error|aborted|ECONNRESET|request size did not match)/;
const port = () => Number(new URL(server.url).port);

beforeAll(async () => {
  server = await startTestServer({
    overrides: {
      logError: (error: unknown, context?: string) =>
        logged.push(`${context ?? ''}: ${error instanceof Error ? error.stack : String(error)}`),
    },
  });
  member = await signUp(server, 'fuzz');
  canvasId = await createCanvas(server, member.token, 'Fuzzed');
});
afterAll(() => server.close());

/** One raw HTTP request (no client-side normalising of the path); null if Node refuses to send it. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | { bytes: number } | undefined,
): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = request({
        host: '127.0.0.1',
        port: port(),
        method,
        path,
        // One connection per case: bytes a refused request left unread never reach the next.
        headers: { ...headers, connection: 'close' },
        agent: false,
      });
    } catch {
      return resolve(null); // an invalid header or path Node will not put on the wire
    }
    req.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers }),
      );
    });
    // The server may answer and close before a large body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(typeof body === 'object' ? Buffer.alloc(body.bytes, 'a') : body);
  });
}

/** `text` as a path segment: its UTF-8 bytes, all but letters and digits as %XX. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

const segment = fc.oneof(
  fc.constant('{canvas}'),
  fc.uuid(),
  hostileString.map(percentEncoded),
  fc.constantFrom('..', '%2e%2e', '%00', '__proto__', 'constructor', '%ZZ', '%', 'a/b'),
);

const path = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ROUTES), fc.array(segment, { minLength: 2, maxLength: 2 }))
    .map(([[method, route], segments]) => ({
      method,
      route: route.replace(/:id/g, () => segments.shift() ?? 'x'),
    })),
  fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    route: fc.oneof(
      fc.array(segment, { maxLength: 5 }).map((s) => `/${s.join('/')}`),
      fc.constantFrom(
        '/',
        '//',
        '/auth',
        '/canvas/',
        '/api/',
        '/socket.io/?EIO=4&transport=polling',
        '/index.html',
        '/assets/../../package.json',
      ),
    ),
  }),
);

const query = fc.option(
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 })
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  { nil: '' },
);

/** A header value Node will send (tab, printable ASCII, Latin-1): the rest is dropped. */
const headerValue = hostileString.map((text) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''));

const headers = fc.record(
  {
    'auth-token': fc.oneof(fc.constant('{token}'), headerValue, fc.constant('{token}x')),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
      'json',
    ),
    'x-forwarded-for': headerValue,
    'view-token': headerValue,
    accept: fc.constantFrom('text/html', 'application/json', '*/*', ''),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, *;q=0', 'x'),
    origin: fc.constantFrom('http://evil.example', 'null', ''),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  fc.constant(undefined),
  hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .tuple(fc.constantFrom(...VALID_BODIES), fc.double(), hostileJson)
    .map(([valid, pick, value]) => JSON.stringify(mutate(valid, pick, value)) ?? ''),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('{', '{"a":', '[1,2', '\u0000', '{"__proto__":{"polluted":1}}', 'a=1&b[]=2'),
  fc.integer({ min: 100_000, max: 1_500_000 }).map((bytes) => ({ bytes })),
);

const rest = fc.record({ path, query, headers, body });
type RestCase = typeof rest extends fc.Arbitrary<infer T> ? T : never;

async function check(c: RestCase): Promise<void> {
  const token = member.token; // no route listed here signs out
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers))
    sent[name] = value.replace('{token}', token);
  const route = c.path.route.replace(/\{canvas\}/g, canvasId) + c.query;
  const before = await server.eventStore.headPosition();
  const answer = await send(c.path.method, route, sent, c.body);
  const after = await server.eventStore.headPosition();
  const bucket = answer ? `${Math.floor(answer.status / 100)}xx` : 'not sent';
  statuses[bucket] = (statuses[bucket] ?? 0) + 1;
  if (answer) {
    expect(answer.status, `${c.path.method} ${route}`).toBeLessThan(500);
    if (answer.status >= 400)
      expect(after, `refused ${c.path.method} ${route} stored`).toBe(before);
  }
  expect(prototypesUntouched()).toBe(true);
  expect(logged.filter((line) => !CLIENT_FAULT.test(line))).toEqual([]);
}

describe('REST edge fuzz', () => {
  it.each([0x7ab01a, 0xc0ffee])(
    `seed %i: ${FUZZ_RUNS} random requests, no 5xx`,
    async (seed) => {
      for (const bucket of Object.keys(statuses)) delete statuses[bucket];
      await fc.assert(fc.asyncProperty(rest, check), {
        seed,
        numRuns: FUZZ_RUNS,
        endOnFailure: true,
      });
      const health = await server.get('/api/health');
      expect(health.status).toBe(200);
      console.log(`[fuzz.rest] seed ${seed}: ${JSON.stringify(statuses)}`);
      expect(statuses['2xx']).toBeGreaterThan(0);
    },
    120_000,
  );
});
