/**
 * The server on `EVENTSTORE_URL=postgres://…` (a PostgreSQL cluster this file starts,
 * test/support/postgres.ts): accounts and canvases live in PostgreSQL and outlive a restart.
 * The store itself is tested in postgresEventStore.int.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openAdapters } from '../src/adapters';
import { createApp } from '../src/app';
import { parseConfig } from '../src/config';
import { postgresForFile } from './support/postgresSuite';
import { newUser } from './testServer';

const TITLE = 'the server on EVENTSTORE_URL=postgres://';
const cluster = postgresForFile('postgresServer.int.test', TITLE);

if (cluster) {
  describe(TITLE, () => {
    it('keeps accounts and canvases in PostgreSQL, across a restart of the server', async () => {
      const url = await cluster().createDatabase('server');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-pg-server-'));
      const config = parseConfig({ EVENTSTORE_URL: url, DATA_DIR: dataDir, DEMO_ACCOUNTS: 'off' });
      const start = async () => {
        const adapters = await openAdapters(config);
        const app = await createApp({
          ...adapters,
          demo: { enabled: false, password: 'unused-demo-password' },
          logError: () => undefined,
        });
        const base = await app.listen(0, '127.0.0.1');
        const call = async (route: string, body?: unknown, token?: string) => {
          const response = await fetch(base + route, {
            method: body === undefined ? 'GET' : 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { 'auth-token': token } : {}),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return {
            status: response.status,
            body: (await response.json()) as { data?: unknown },
          };
        };
        return { call, stop: async () => (await app.close(), await adapters.close()) };
      };
      try {
        const first = await start();
        const signedUp = await first.call('/auth/createuser', newUser('pg'));
        expect(signedUp.status).toBe(201);
        const { token } = signedUp.body.data as { token: string };
        expect(
          (await first.call('/canvas/createcanvas', { name: 'On PostgreSQL' }, token)).status,
        ).toBe(201);
        await first.stop();

        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM tabula_events');
        await db.end();
        expect(Number(rows[0]!.count)).toBeGreaterThan(0);

        const second = await start();
        const canvases = await second.call('/canvas/getallcanvases', undefined, token);
        await second.stop();
        expect(canvases.status).toBe(200);
        expect(JSON.stringify(canvases.body)).toContain('On PostgreSQL');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
