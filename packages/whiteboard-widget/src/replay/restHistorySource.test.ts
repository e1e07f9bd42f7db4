/**
 * `restHistorySource` against the real server in this process (in-memory store): every call of
 * the history API, its refusals worded for the user, and new entries over a socket watching it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import type { HistoryEntry } from '@tabula/domain/protocol';
import { restHistorySource } from './restHistorySource';
import { sampleIndex, sampleStroke } from './sampleHistory';
import { openDrawer } from './test/drawer';
import type { Drawer } from './test/drawer';

let server: InMemoryServer;
let alice: TestUser;
let canvasId: string;
let drawer: Drawer;
const revisions: number[] = [];

const stroke = (n: number) =>
  sampleStroke(
    `s${n}`,
    sampleIndex(n),
    n * 50,
    0,
    [
      [0, 0],
      [10, 5],
      [20, 0],
    ],
    '#000',
    n + 1,
  );

beforeAll(async () => {
  server = await startInMemoryServer();
  alice = await server.createUserAndToken('alice');
  canvasId = await server.createCanvas(alice.token, 'rest source');
  drawer = await openDrawer(server.url, alice, canvasId);
  for (let n = 0; n < 3; n += 1)
    revisions.push(await drawer.draw([stroke(n)], { [`s${n}`]: [0, 10, 20] }));
});

afterAll(async () => {
  drawer?.close();
  await server?.close();
});

describe('restHistorySource', () => {
  it('reads the history, the replay steps, a scene at a revision and an element’s history', async () => {
    const source = restHistorySource({ baseUrl: `${server.url}/`, canvasId, token: alice.token });
    const page = await source.history({ order: 'asc', types: ['LineDrawn'] });
    expect(page.entries.map((entry) => entry.revision)).toEqual(revisions);
    expect(page.entries[0]!.actorName).toBe(alice.username);

    const first = await source.replay({ limit: 2 });
    expect(first.steps).toHaveLength(2);
    const rest = await source.replay({ after: first.next! });
    const steps = [...first.steps, ...rest.steps].filter((step) => step.elements.length > 0);
    expect(steps.map((step) => step.entry.revision)).toEqual(revisions);
    expect(steps[0]!.timing).toEqual({ s0: [0, 10, 20] });

    expect((await source.sceneAt(revisions[0])).elements.map((e) => e.id)).toEqual(['s0']);
    expect((await source.sceneAt()).elements.map((e) => e.id)).toEqual(['s0', 's1', 's2']);
    const story = await source.elementHistory('s1');
    expect(story.map((item) => [item.revision, item.actorName])).toEqual([
      [revisions[1], alice.username],
    ]);
    expect(await source.checkpoints()).toEqual([]);
  });

  it('rejects with the server’s message for a canvas the caller may not read', async () => {
    const stranger = await server.createUserAndToken('stranger');
    const source = restHistorySource({ baseUrl: server.url, canvasId, token: stranger.token });
    await expect(source.replay()).rejects.toThrow(/\S/);
    const unreachable = restHistorySource({ baseUrl: 'http://127.0.0.1:1', canvasId });
    await expect(unreachable.sceneAt()).rejects.toThrow(/Could not reach the server/);
  });

  it('hears new entries through a socket watching the canvas history', async () => {
    const watcher = await openDrawer(server.url, alice, canvasId);
    try {
      // History entries go to the sockets watching the canvas's history, as the history screen's.
      await watcher.socket.timeout(15_000).emitWithAck('watch-canvas', { canvasId });
      const source = restHistorySource({
        baseUrl: server.url,
        canvasId,
        token: alice.token,
        socket: watcher.socket,
      });
      const heard = new Promise<HistoryEntry>((resolve) => {
        const stop = source.subscribe!((entry) => {
          stop();
          resolve(entry);
        });
      });
      const revision = await drawer.draw([stroke(3)]);
      const entry = await heard;
      expect(entry).toMatchObject({ revision, type: 'LineDrawn', actorId: alice.userId });
    } finally {
      watcher.close();
    }
  });
});
