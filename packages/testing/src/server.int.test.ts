import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { startTabulaServer } from './server';
import type { TabulaServer } from './server';

describe('startTabulaServer', () => {
  let server: TabulaServer;

  beforeAll(async () => {
    server = await startTabulaServer();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('listens on 127.0.0.1 with a fresh data directory and answers the auth API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(server.dataDir)).toBe(true);
    const response = await fetch(`${server.url}/auth/fetchuser`);
    expect(response.status).toBe(401);
  });

  it('removes its data directory when stopped', async () => {
    await server.stop();
    expect(existsSync(server.dataDir)).toBe(false);
  });
});
