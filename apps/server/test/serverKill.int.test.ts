/**
 * The real server killed under drawing load: the server runs as a child process
 * (`src/main.ts`) on a temp data directory; three tabs (the widget's own collaboration engine,
 * outbox and resends included) keep drawing and committing while the server is SIGKILLed at
 * seeded random moments, ten times, and restarted on the same directory. Afterwards: every
 * stroke any tab drew is in the scene and in the log exactly once, every tab shows the
 * server's scene, the read models the running server built equal a rebuild from the log, and
 * SQLite's integrity check is ok. Every wait is for a condition (acks, statuses, scenes); the
 * timers only pace the drawing and guard against hangs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { excalidrawElement } from '@tabula/testing/elements';
import { openSqliteEventStore } from '../src/infrastructure/eventStore/sqliteEventStore';
import { freePort, startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { restView, sceneAt, seeded, sharedCanvasAt, signUpAt } from './support/restClient';
import { openWidgetTab, sceneKey, whenTabs } from './support/widgetTab';
import type { WidgetTab } from './support/widgetTab';
import { startTestServer } from './testServer';

const ROUNDS = 10;
const SEED = 0x5eed12;
/** Most commits a tab lets wait before it pauses drawing (its outbox stays small). */
const MAX_PENDING = 6;

const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-kill-'));
let server: TabulaServer | undefined;
const tabs: WidgetTab[] = [];

afterAll(async () => {
  for (const tab of tabs) tab.close();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

function stroke(id: string): SceneElement {
  return excalidrawElement({
    id,
    type: 'freedraw',
    x: id.length * 7,
    y: 10,
    index: 'a0',
    points: [
      [0, 0],
      [4, 3],
      [9, 5],
    ],
  }) as unknown as SceneElement;
}

it('loses and doubles no acknowledged stroke across 10 SIGKILLs of the running server', async () => {
  const random = seeded(SEED);
  const port = await freePort();
  server = await startTabulaServer({ dataDir, port, env: { DEMO_ACCOUNTS: 'off' } });
  const url = server.url;
  const [owner, ...guests] = [
    await signUpAt(url, 'owner'),
    await signUpAt(url, 'guestA'),
    await signUpAt(url, 'guestB'),
  ];
  const users = [owner!, ...guests];
  const canvasId = await sharedCanvasAt(url, owner!, guests);
  for (const user of users) tabs.push(await openWidgetTab(url, user, canvasId));

  // Each tab draws a new stroke every few ms while its outbox is short, down or not.
  const drawn: string[] = [];
  let drawing = true;
  const drawLoops = tabs.map(async (tab, index) => {
    let n = 0;
    while (drawing) {
      if (tab.client.pendingCount < MAX_PENDING) {
        const id = `t${index}-s${n++}`;
        drawn.push(id);
        tab.board.draw([stroke(id)]);
      }
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(random() * 15)));
    }
  });
  const acks = () => tabs.reduce((sum, tab) => sum + tab.ackCount(), 0);
  const allLive = () => tabs.every((tab) => tab.client.status === 'live');

  const ackedAtKill: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // The kill comes after a seeded number of further acks: mid-commit, mid-fan-out, anywhere.
    const target = acks() + 3 + Math.floor(random() * 25);
    await whenTabs(tabs, () => acks() >= target && allLive(), `${target} acks (round ${round})`);
    await server.kill();
    ackedAtKill.push(acks());
    await whenTabs(tabs, () => tabs.every((tab) => tab.client.status !== 'live'), 'tabs see it');
    server = await startTabulaServer({ dataDir, port, env: { DEMO_ACCOUNTS: 'off' } });
    await whenTabs(tabs, allLive, `tabs live again (round ${round})`);
  }

  drawing = false;
  await Promise.all(drawLoops);
  await whenTabs(
    tabs,
    () => allLive() && tabs.every((tab) => tab.client.pendingCount === 0),
    'every outbox empty',
  );
  // Every tab shows every stroke, the same scene: each has received the others' last
  // commits, so the server has projected everything.
  await whenTabs(
    tabs,
    () => {
      const keys = tabs.map((tab) => sceneKey(tab.board.scene).join());
      const ids = new Set(tabs[0]!.board.scene.map((element) => element.id));
      return keys.every((key) => key === keys[0]) && drawn.every((id) => ids.has(id));
    },
    'every tab showing every stroke',
  );
  const scene = await sceneAt(url, canvasId, owner!.token);
  expect(sceneKey(scene)).toEqual(sceneKey(tabs[0]!.board.scene));

  // Every stroke drawn was acknowledged (the outboxes are empty) and is in the scene.
  const acked = new Set(tabs.flatMap((tab) => [...tab.acked.keys()]));
  expect(drawn.filter((id) => !acked.has(id))).toEqual([]);
  expect(new Set(scene.map((element) => element.id))).toEqual(new Set(drawn));
  expect(ackedAtKill).toHaveLength(ROUNDS);
  expect(tabs.flatMap((tab) => tab.errors)).toEqual([]);

  // The read models the running server built (projected live since its last start) show the
  // same as a server that rebuilds them from the log.
  const live = await restView(url, users, [canvasId]);
  await server.stop();
  server = undefined;
  const rebuilt = await startTestServer({ dataDir });
  try {
    expect(await restView(rebuilt.url, users, [canvasId])).toEqual(live);
  } finally {
    await rebuilt.close({ keepData: true });
  }

  // In the log, each stroke was stored exactly once.
  const store = openSqliteEventStore({ dataDir });
  const stored = new Map<string, number>();
  for (const { event } of await store.readAll()) {
    const data = event.data as { canvasId?: string; elements?: SceneElement[] };
    if (data.canvasId !== canvasId || !Array.isArray(data.elements)) continue;
    for (const element of data.elements) stored.set(element.id, (stored.get(element.id) ?? 0) + 1);
  }
  await store.close();
  expect([...stored.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  expect([...stored.keys()].sort()).toEqual([...drawn].sort());

  const db = new Database(path.join(dataDir, 'events.sqlite'), { readonly: true });
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();
  console.log(
    `[serverKill] ${ROUNDS} kills, ${drawn.length} strokes drawn and acknowledged, 0 lost, 0 doubled`,
  );
}, 360_000);
