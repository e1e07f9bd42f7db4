/**
 * What an operator watches, from the built server as it runs in production: an access log line
 * per request (client address, method, route pattern, status, milliseconds; never a token or a
 * path), request counts and latency by route pattern and status class in `/api/metrics`, which
 * answers only its bearer token when `METRICS_TOKEN` is set; and a client that hangs up in the
 * middle of a download leaves an `aborted` access line, not an error.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newUser } from './testServer';
import { buildServer, logLines, startBuilt } from './support/builtServer';
import type { Built, BuiltServer } from './support/builtServer';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123';
let built: Built;
let server: BuiltServer;
const root = mkdtempSync(path.join(tmpdir(), 'tabula-access-'));
const webDist = path.join(root, 'web');

beforeAll(async () => {
  built = buildServer('access');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tabula</title>');
  // Large enough that the answer is still streaming when the client hangs up.
  writeFileSync(path.join(webDist, 'assets', 'large.bin'), randomBytes(48 * 1024 * 1024));
  server = await startBuilt(built.outdir, {
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST: webDist,
    METRICS_TOKEN,
  });
});
afterAll(async () => {
  await server?.stop();
  built?.remove();
  rmSync(root, { recursive: true, force: true });
});

/** The access log's lines so far (those with a route). */
function accessLines() {
  return logLines(server.stdout).filter((line) => typeof line.route === 'string');
}

function waitForAccessLines(count: number) {
  return server.until(() => accessLines().length >= count);
}

it('logs each request once, by route pattern, with the client address and no token', async () => {
  const signUp = await fetch(`${server.url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUser('watched')),
  });
  const { token } = ((await signUp.json()) as { data: { token: string } }).data;
  const fetchUser = await fetch(`${server.url}/auth/fetchuser`, {
    headers: { 'auth-token': token },
  });
  expect(fetchUser.status).toBe(200);
  expect((await fetch(`${server.url}/api/nothing-here?token=${token}`)).status).toBe(404);
  expect((await fetch(`${server.url}/view/${token}`)).status).toBe(200);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  await waitForAccessLines(4);

  const lines = accessLines();
  expect(
    lines.map(
      ({ method, route, status }) => `${String(method)} ${String(route)} ${String(status)}`,
    ),
  ).toEqual([
    'POST /auth/createuser 201',
    'GET /auth/fetchuser 200',
    'GET (unmatched) 404',
    'GET (static) 200',
  ]);
  for (const line of lines) {
    expect(line).toMatchObject({ level: 30, ip: '127.0.0.1' });
    expect(typeof line.ms).toBe('number');
    expect(line.msg).toMatch(/^(GET|POST) \S+ \d{3} \d+ ms$/);
  }
  // A successful probe is logged below info; tokens never, wherever the client put them.
  expect(server.stdout).not.toContain(token);
  expect(server.stdout).not.toContain('nothing-here');
  expect(server.stderr).toBe('');
});

it('counts and times requests by route pattern and status class, behind METRICS_TOKEN', async () => {
  expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
  const wrong = await fetch(`${server.url}/api/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}x` },
  });
  expect(wrong.status).toBe(401);
  const scrape = await fetch(`${server.url}/api/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(scrape.status).toBe(200);
  const text = await scrape.text();
  const sample = (name: string, labels: string) =>
    Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]);
  const labels = (method: string, route: string, statusClass: string) =>
    `method="${method}",route="${route.replace(/[()]/g, '\\$&')}",status_class="${statusClass}"`;
  expect(sample('tabula_http_requests_total', labels('POST', '/auth/createuser', '2xx'))).toBe(1);
  expect(sample('tabula_http_requests_total', labels('GET', '(unmatched)', '4xx'))).toBe(1);
  expect(sample('tabula_http_requests_total', labels('GET', '/api/metrics', '4xx'))).toBe(2);
  expect(
    sample('tabula_http_request_duration_seconds_count', labels('GET', '/auth/fetchuser', '2xx')),
  ).toBe(1);
  expect(text).not.toMatch(/route="\/view\//);

  // Every series the Grafana dashboard draws is one the node serves.
  const dashboard = readFileSync(
    new URL('../../../deploy/grafana-dashboard.json', import.meta.url),
    'utf8',
  );
  const drawn = new Set(dashboard.match(/\b(?:tabula|process|nodejs)_[a-z0-9_]+/g));
  expect(drawn.size).toBeGreaterThan(10);
  for (const series of drawn) expect(text, series).toContain(`${series}`);
});

it('a client that hangs up mid-download leaves an aborted access line, not an error', async () => {
  const before = accessLines().length;
  await new Promise<void>((resolve, reject) => {
    const ask = request(`${server.url}/assets/large.bin`, (response) => {
      response.once('data', () => {
        ask.destroy();
        resolve();
      });
    });
    ask.on('error', (error) => (ask.destroyed ? undefined : reject(error)));
    ask.end();
  });
  await server.until(() =>
    accessLines()
      .slice(before)
      .some((line) => line.aborted === true),
  );
  const aborted = accessLines().find((line) => line.aborted === true)!;
  expect(aborted).toMatchObject({ level: 30, method: 'GET', route: '(static)', status: 200 });
  expect(aborted.msg).toContain('(the client went away)');
  // The server answers on, and has written no error.
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  expect(server.stderr).toBe('');
});
