/**
 * `npm run rebuild-projections` in a test: fill Redis read models through the real app, dump
 * every key of the store's prefix, rebuild from the log, and compare the dumps.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Event } from '@tabula/domain';
import { createApp } from '../app';
import type { TabulaApp } from '../app';
import { openSqliteEventStore } from '../infrastructure/eventStore/sqliteEventStore';
import type { SqliteEventStore } from '../infrastructure/eventStore/sqliteEventStore';
import { createRedisReadModelStore } from '../infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../features/presence/index';
import type { ReadModelStore } from '../infrastructure/readModels/readModelStore';
import { dumpRedis } from '../../test/support/redisDump';
import { PROJECTIONS } from './index';
import { rebuildProjections } from './rebuild';
import { rebuildBesideLive } from './rebuildBesideLive';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tabula-test:${randomUUID()}`;
const redis = new Redis(REDIS_URL);
let dataDir: string;
let eventStore: SqliteEventStore<Event>;
let readModels: ReadModelStore;
let app: TabulaApp;

const dump = () => dumpRedis(redis, `${prefix}*`);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-rebuild-'));
  eventStore = openSqliteEventStore<Event>({ dataDir });
  readModels = createRedisReadModelStore({ redis: REDIS_URL, prefix });
  app = await createApp({
    eventStore,
    readModels,
    presence: createInMemoryPresenceStore(),
    logError: () => undefined,
  });
});

afterAll(async () => {
  await app.close();
  await readModels.clear();
  await readModels.close();
  await eventStore.close();
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

let url: string;
async function post(route: string, body: unknown, token?: string) {
  url ??= await app.listen(0);
  const response = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { data: { token: string; _id: string; id: string } };
}

async function caughtUp() {
  await app.context.projections.waitFor((await eventStore.readAll()).at(-1)!.position);
}

it('rebuilding the Redis read models from the log gives back exactly the same read models', async () => {
  const alice = await post('/auth/createuser', {
    username: 'alice',
    email: 'alice@example.com',
    password: 'password-123',
  });
  await post('/auth/createuser', {
    username: 'bob',
    email: 'bob@example.com',
    password: 'password-123',
  });
  const first = await post('/canvas/createcanvas', { name: 'First' }, alice.data.token);
  await post('/canvas/createcanvas', { name: 'Second' }, alice.data.token);
  await post(`/canvas/updatecanvasname/${first.data._id}`, { name: 'Renamed' }, alice.data.token);
  const rectangle = {
    id: 'r1',
    type: 'rectangle',
    version: 1,
    versionNonce: 7,
    isDeleted: false,
    index: 'a0',
    x: 0,
    y: 0,
  };
  await app.context.canvases.handle(`canvas-${first.data._id}`, {
    type: 'DrawLine',
    data: {
      canvasId: first.data._id,
      elements: [rectangle, { ...rectangle, id: 'r2', index: 'a1' }],
    },
    metadata: { actorId: alice.data.id, now: new Date().toISOString(), eventId: randomUUID() },
  });
  await app.context.projections.waitFor((await eventStore.readAll()).at(-1)!.position);
  const before = await dump();
  expect(JSON.stringify(before)).toContain('Renamed');
  expect(Object.keys(before).length).toBeGreaterThan(5);

  await rebuildProjections(eventStore, readModels, PROJECTIONS);

  expect(await dump()).toEqual(before);
});

it('rebuilt beside the live models while the app writes, then swapped in: what was written meanwhile is kept and a stray key is gone', async () => {
  const carol = await post('/auth/createuser', {
    username: 'carol',
    email: 'carol@example.com',
    password: 'password-123',
  });
  // A deleted canvas's stream is erased from the log: its events, which the live models
  // applied, are not there for the rebuild to apply.
  const deleted = await post('/canvas/createcanvas', { name: 'Deleted' }, carol.data.token);
  await post(`/canvas/deletecanvas/${deleted.data._id}`, {}, carol.data.token);
  await caughtUp();
  // A key no event explains: a rebuild is how an operator repairs read models.
  await redis.hset(`${prefix}:doc:canvases`, 'stray', '{"name":"stray"}');
  const writes = (async () => {
    const ids: string[] = [];
    for (let i = 0; i < 15; i++)
      ids.push(
        (await post('/canvas/createcanvas', { name: `During ${i}` }, carol.data.token)).data._id,
      );
    return ids;
  })();
  const [created] = await Promise.all([
    writes,
    rebuildBesideLive({ eventStore, redis, projections: PROJECTIONS, live: prefix }),
  ]);
  await caughtUp();
  const swapped = await dump();
  expect(Object.keys(swapped).some((key) => key.startsWith(`${prefix}-rebuild`))).toBe(false);
  const canvases = swapped[`${prefix}:doc:canvases`] as Record<string, string>;
  expect(canvases.stray).toBeUndefined();
  for (const id of created) expect(canvases[id]).toBeDefined();

  // The same as rebuilding from scratch with nothing running beside it. Only the checkpoints
  // differ: the swap keeps the live ones of projections whose last events were erased.
  await rebuildProjections(eventStore, readModels, PROJECTIONS);
  const withoutCheckpoints = ({ [`${prefix}:checkpoints`]: _, ...rest }: Record<string, unknown>) =>
    rest;
  expect(withoutCheckpoints(await dump())).toEqual(withoutCheckpoints(swapped));
});
