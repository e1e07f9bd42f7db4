/**
 * `@tabula/whiteboard/sync` without React: the BUILT entry (dist/sync/index.js) is loaded by a
 * plain Node process in which resolving `react`, `react-dom` or `@excalidraw/excalidraw`
 * throws (a module-resolution hook, `test/forbidFrameworks.mjs`), and two of its clients sync a
 * canvas through the real Tabula server (a child process on 127.0.0.1).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { ensurePackageBuilt } from '../test/packageBuild';
import { createCanvas, fetchScene, shareCanvas, signUp } from '../test/tabulaApi';

const run = promisify(execFile);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

let server: TabulaServer;

beforeAll(async () => {
  ensurePackageBuilt();
  server = await startTabulaServer({ env: { DEMO_ACCOUNTS: 'off' } });
});

afterAll(async () => {
  await server?.stop();
});

describe('the sync entry in Node without React or Excalidraw', () => {
  it('loads, and two clients on one canvas see each other’s strokes, kept by the server', async () => {
    const alice = await signUp(server.url, 'alice_sync');
    const bob = await signUp(server.url, 'bob_sync');
    const canvasId = await createCanvas(server.url, alice, 'sync without react');
    const closeSetup = await shareCanvas(server.url, alice, bob, canvasId);
    closeSetup();
    const entry = pathToFileURL(here('../../dist/sync/index.js')).href;
    const { stdout } = await run(
      process.execPath,
      ['--import', here('test/forbidFrameworks.mjs'), here('test/twoClients.mjs'), entry],
      {
        env: {
          ...process.env,
          TABULA_SYNC_CASE: JSON.stringify({
            server: server.url,
            canvasId,
            users: [
              { userId: alice.id, token: alice.token },
              { userId: bob.id, token: bob.token },
            ],
          }),
        },
        timeout: 240_000,
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      reactResolvable: boolean;
      a: string[];
      b: string[];
      statuses: string[];
    };
    expect(result.reactResolvable).toBe(false);
    expect(result.a).toEqual(['from-a', 'from-b']);
    expect(result.b).toEqual(['from-a', 'from-b']);
    expect(result.statuses).toEqual(['live', 'live']);
    // What the clients acked is what the server keeps.
    const kept = await fetchScene(server.url, alice, canvasId);
    expect(kept.map((element) => element.id).sort()).toEqual(['from-a', 'from-b']);
  });
});
