import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startTabulaServer } from './server';
import type { TabulaServer } from './server';

describe('startTabulaServer', () => {
  let server: TabulaServer;

  beforeAll(async () => {
    server = await startTabulaServer({ allowedOrigins: ['http://embedder.test:8080'] });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('listens on 127.0.0.1 with a fresh data directory and answers the auth API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(server.dataDir)).toBe(true);
    const response = await fetch(`${server.url}/auth/fetchuser`);
    expect(response.status).toBe(401);
  });

  it('allows the origins it was given, and no other', async () => {
    const from = (origin: string) =>
      fetch(`${server.url}/auth/fetchuser`, { headers: { origin } }).then((response) =>
        response.headers.get('access-control-allow-origin'),
      );
    expect(await from('http://embedder.test:8080')).toBe('http://embedder.test:8080');
    expect(await from('http://other.test:8080')).toBeNull();
  });

  it('stops cleanly (exit code 0) and removes its data directory', async () => {
    expect(server.running()).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(server.running()).toBe(false);
    expect(existsSync(server.dataDir)).toBe(false);
  });

  it('restarts on a given data directory and port: the URL and the data stay', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-launcher-'));
    try {
      const port = await freePort();
      const first = await startTabulaServer({ dataDir, port });
      const signUp = await fetch(`${first.url}/auth/createuser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Kept',
          username: 'kept',
          email: 'kept@example.com',
          password: 'correct horse battery',
        }),
      });
      expect(signUp.status).toBe(201);
      const { token } = ((await signUp.json()) as { data: { token: string } }).data;
      await first.kill();
      expect(existsSync(dataDir)).toBe(true);
      const second = await startTabulaServer({ dataDir, port });
      try {
        expect(second.url).toBe(first.url);
        const me = await fetch(`${second.url}/auth/fetchuser`, {
          headers: { 'auth-token': token },
        });
        expect(me.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
