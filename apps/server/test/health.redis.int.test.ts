/**
 * `/api/health` with the read models and presence in the real Redis: up while Redis answers,
 * 503 naming both parts once their connections are gone.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisReadModelStore } from '../src/infrastructure/readModels/index';
import { createRedisPresenceStore } from '../src/features/presence/index';
import type { HealthReport } from '../src/http/health';
import type { TestServer } from './testServer';
import { REDIS_URL, startTestServer } from './testServer';

describe('GET /api/health with Redis', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('checks Redis for real: 200 while it answers, 503 naming the parts that lost it', async () => {
    const prefix = `tabula-test:${randomUUID()}`;
    // The test owns these stores: it closes them to cut the app off from Redis.
    const readModels = createRedisReadModelStore({ redis: REDIS_URL, prefix: `${prefix}:rm` });
    const presence = createRedisPresenceStore({ redis: REDIS_URL, prefix: `${prefix}:presence` });
    server = await startTestServer({ overrides: { readModels, presence } });
    const up = await server.get('/api/health');
    expect(up.status).toBe(200);

    await readModels.clear();
    await readModels.close();
    await presence.close();
    const down = await server.get<HealthReport>('/api/health');
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('Unavailable: readModels, presence.');
    expect(down.body.data?.checks.eventStore.status).toBe('ok');
    expect(down.body.data?.checks.readModels.status).toBe('down');
    expect(down.body.data?.checks.presence.status).toBe('down');
  });
});
