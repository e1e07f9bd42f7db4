/**
 * Operations that tell the truth: `/api/health` checks each dependency and answers 503 naming
 * the part that is down; an unknown `/api/` path is a JSON 404, never the app's page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HealthReport as Health } from '../src/http/health';
import { signUp } from './scenario';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('GET /api/health', () => {
  it('reports every part up and the subscription caught up with the log', async () => {
    server = await startTestServer();
    await signUp(server, 'healthy');
    const head = await server.eventStore.headPosition();
    await server.app.context.projections.waitFor(head);
    const health = await server.get<Health>('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.body.success).toBe(true);
    expect(health.body.data).toEqual({
      status: 'ok',
      position: head,
      checks: {
        eventStore: { status: 'ok', head },
        readModels: { status: 'ok' },
        presence: { status: 'ok' },
        subscription: { status: 'ok', position: head, lag: 0 },
      },
    });
  });

  it('answers 503 naming the event store when it is closed', async () => {
    server = await startTestServer();
    await server.eventStore.close();
    const health = await server.get<Health>('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.success).toBe(false);
    expect(health.body.message).toBe('Unavailable: eventStore.');
    expect(health.body.data?.status).toBe('down');
    expect(health.body.data?.checks.eventStore).toEqual({ status: 'down' });
    expect(health.body.data?.checks.readModels.status).toBe('ok');
  });
});

describe('GET /health and GET /ready (load balancers, orchestrators)', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'tabula-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tabula app</title>');
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('/health is 200 while the process serves; /ready is 200 only while every part is up', async () => {
    server = await startTestServer({ overrides: { webDist } });
    for (const route of ['/health', '/ready']) {
      const response = await fetch(server.url + route, { headers: { accept: 'text/html' } });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
    }
    await server.eventStore.close();
    const ready = await server.get<Health>('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('Unavailable: eventStore.');
    expect((await server.get('/health')).status).toBe(200);
  });
});

describe('unknown /api/ paths', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'tabula-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tabula app</title>');
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it.each(['/api/metricz', '/api/nothing/here', '/api/'])(
    '%s answers a JSON 404, to API clients and browsers alike',
    async (route) => {
      server = await startTestServer({ overrides: { webDist } });
      for (const accept of ['application/json', 'text/html,*/*']) {
        const response = await fetch(server.url + route, { headers: { accept } });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(await response.json()).toEqual({ success: false, message: 'Not found.' });
      }
      // The app's own routes still get the page.
      const page = await fetch(`${server.url}/canvases`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('Tabula app');
    },
  );

  it('a known API route with the wrong method answers JSON too', async () => {
    server = await startTestServer({ overrides: { webDist } });
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ success: false, message: 'Method not allowed.' });
  });
});
