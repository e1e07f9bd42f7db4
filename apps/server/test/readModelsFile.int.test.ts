/**
 * The embedded server's read models kept beside the log (`read-models.json`): a restart
 * resumes from them and replays only what is new; a file that does not match the log (another
 * log's, unreadable) is ignored and the read models are rebuilt from the log.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '@tabula/domain';
import { openAdapters } from '../src/adapters';
import type { Adapters } from '../src/adapters';
import { createApp } from '../src/app';
import { parseConfig } from '../src/config';
import type {
  EventStore,
  SubscribeToAllOptions,
} from '../src/infrastructure/eventStore/eventStore';
import { newUser } from './testServer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server as `main.ts` assembles it on `dataDir`; `from` records where it tails the log. */
async function start(dataDir: string) {
  const adapters: Adapters = await openAdapters(parseConfig({ DATA_DIR: dataDir }));
  const from: (number | undefined)[] = [];
  const spied = (options?: SubscribeToAllOptions) => {
    from.push(options?.fromPosition);
    return adapters.eventStore.subscribeToAll(options);
  };
  const eventStore = new Proxy(adapters.eventStore, {
    get: (target, name) => {
      if (name === 'subscribeToAll') return spied;
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as EventStore<Event>;
  const app = await createApp({ ...adapters, eventStore, logError: () => undefined });
  const url = await app.listen(0);
  return {
    url,
    from,
    head: () => adapters.eventStore.headPosition(),
    async stop() {
      await app.close();
      await adapters.close();
    },
  };
}

async function signUp(url: string) {
  const body = newUser('saved');
  const response = await fetch(`${url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return body;
}

async function logIn(url: string, user: { email: string; password: string }) {
  const response = await fetch(`${url}/auth/loginuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return response.status;
}

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabula-read-models-'));
  dirs.push(dir);
  return dir;
}

describe('read models kept beside the log', () => {
  it('a restart resumes from the saved read models and replays only the events after them', async () => {
    const dir = dataDir();
    const first = await start(dir);
    expect(first.from).toEqual([0]);
    const users = [await signUp(first.url), await signUp(first.url)];
    const head = await first.head();
    await first.stop();
    expect(existsSync(path.join(dir, 'read-models.json'))).toBe(true);

    const second = await start(dir);
    expect(second.from).toEqual([head]);
    for (const user of users) expect(await logIn(second.url, user)).toBe(200);
    await second.stop();
  });

  it('ignores a file that is not this log’s, or unreadable, and rebuilds from the log', async () => {
    const other = dataDir();
    const elsewhere = await start(other);
    const stranger = await signUp(elsewhere.url);
    await elsewhere.stop();

    const dir = dataDir();
    const own = await start(dir);
    const user = await signUp(own.url);
    await own.stop();

    copyFileSync(path.join(other, 'read-models.json'), path.join(dir, 'read-models.json'));
    const mismatched = await start(dir);
    expect(mismatched.from).toEqual([0]);
    expect(await logIn(mismatched.url, user)).toBe(200);
    expect(await logIn(mismatched.url, stranger)).toBe(401);
    await mismatched.stop();

    writeFileSync(path.join(dir, 'read-models.json'), '{ not json');
    const unreadable = await start(dir);
    expect(unreadable.from).toEqual([0]);
    expect(await logIn(unreadable.url, user)).toBe(200);
    await unreadable.stop();
  });
});
