/**
 * Reconnecting after long absences while a peer keeps drawing: a tab (the widget's engine)
 * behind a proxy that drops the network (no close, nothing through) for 1 s, 30 s and 150 s
 * while another tab draws and commits all along, and the absent tab draws too (its outbox).
 * Time runs SCALE times faster for the server's heartbeats (Socket.IO pings, presence renewal
 * and TTL) and for the absences alike, so each absence stands where it stands in production:
 * 1 s is a blip no heartbeat notices, 30 s may or may not be noticed (a ping may fall in it),
 * 150 s is noticed by every heartbeat and outlives the presence TTL.
 * After each: no gap (the absent tab shows every stroke of its peer), no duplicate (every
 * stroke is in the log once), and presence is right (gone while the server knows it is away,
 * back, once, afterwards).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { applyPeopleChange } from '@tabula/domain/protocol';
import type { CanvasPeopleChanged, CanvasPeopleMessage } from '@tabula/domain/protocol';
import { excalidrawElement } from '@tabula/testing/elements';
import {
  createInMemoryPresenceStore,
  createRedisPresenceStore,
} from '../src/features/presence/index';
import type { PresenceStore } from '../src/features/presence/index';
import type { Member } from './scenario';
import { createCanvas, makeCollaborator, signUp } from './scenario';
import { startFreezableProxy } from './support/freezableProxy';
import type { FreezableProxy } from './support/freezableProxy';
import { openWidgetTab, sceneKey, whenTabs } from './support/widgetTab';
import type { WidgetTab } from './support/widgetTab';
import type { ClientSocket, TestServer } from './testServer';
import { REDIS_URL, emitWithAck, startTestServer } from './testServer';

/** Seconds of production time per second of this test. */
const SCALE = 20;
const HEARTBEAT = {
  pingIntervalMs: 25_000 / SCALE,
  pingTimeoutMs: 20_000 / SCALE,
  presenceRefreshMs: 10_000 / SCALE,
};
const PRESENCE_TTL_MS = 30_000 / SCALE;
/** Beyond this absence every heartbeat has noticed it (ping interval + timeout, and the TTL). */
const SURELY_NOTICED_S = 45;
/** Hang guard of every wait (a verdict never depends on it). */
const HANG_MS = 20_000;

function stroke(id: string): SceneElement {
  return excalidrawElement({
    id,
    type: 'freedraw',
    index: 'a0',
    points: [
      [0, 0],
      [5, 2],
    ],
  }) as unknown as SceneElement;
}

describe.each([{ redis: false }, { redis: true }])(
  'reconnect after long absences (redis: $redis)',
  ({ redis }) => {
    let server: TestServer;
    let presence: PresenceStore;
    let proxy: FreezableProxy;
    let absent: WidgetTab;
    let drawer: WidgetTab;
    let observer: ClientSocket;
    let alice: Member;
    let canvasId: string;
    /** Who has the canvas open, as the observer's `canvas-people` and its changes say. */
    let people: string[] = [];
    const peopleChanged = new Set<() => void>();

    beforeAll(async () => {
      presence = redis
        ? createRedisPresenceStore({
            redis: REDIS_URL,
            prefix: `tabula-test:${randomUUID()}:presence`,
            ttlMs: PRESENCE_TTL_MS,
          })
        : createInMemoryPresenceStore({ ttlMs: PRESENCE_TTL_MS });
      server = await startTestServer({ redis, overrides: { presence, heartbeat: HEARTBEAT } });
      const [owner, a, carol] = [
        await signUp(server, 'bob'),
        await signUp(server, 'alice'),
        await signUp(server, 'carol'),
      ];
      alice = a!;
      canvasId = await createCanvas(server, owner!.token, 'Away');
      const ownerSocket = await server.socket(owner!.token);
      for (const guest of [alice, carol!]) {
        const socket = await server.socket(guest.token);
        await makeCollaborator(ownerSocket, socket, guest.id, canvasId);
        socket.disconnect();
      }
      ownerSocket.disconnect();
      observer = await server.socket(carol!.token);
      observer.on('canvas-people', (message: CanvasPeopleMessage) => {
        if (message.canvasId !== canvasId) return;
        people = message.userIds;
        for (const look of peopleChanged) look();
      });
      observer.on('canvas-people-changed', (change: CanvasPeopleChanged) => {
        if (change.canvasId !== canvasId) return;
        people = applyPeopleChange(people, change);
        for (const look of peopleChanged) look();
      });
      expect(await emitWithAck(observer, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
      proxy = await startFreezableProxy(server.url);
      absent = await openWidgetTab(proxy.url, alice, canvasId);
      drawer = await openWidgetTab(server.url, owner!, canvasId);
    });

    afterAll(async () => {
      absent?.close();
      drawer?.close();
      await proxy?.close();
      await server?.close();
      await presence?.close();
    });

    /** Resolves once the observer's `canvas-people` satisfies `accept` (hang guard only). */
    function whenPeople(accept: (userIds: string[]) => boolean, what: string): Promise<void> {
      if (accept(people)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          peopleChanged.delete(look);
          reject(new Error(`hang: presence never showed ${what} (last: ${people.join()})`));
        }, HANG_MS);
        function look() {
          if (!accept(people)) return;
          clearTimeout(timer);
          peopleChanged.delete(look);
          resolve();
        }
        peopleChanged.add(look);
      });
    }

    it.each([1, 30, 150])(
      '%i s offline while a peer draws: no gap, no duplicate, presence right',
      async (seconds) => {
        const tabs = [absent, drawer];
        const present = (ids: string[]) => ids.filter((id) => id === alice.id).length === 1;
        await whenPeople(present, 'alice on the canvas');
        const drawn: string[] = [];
        let drawing = true;
        const peerDraws = (async () => {
          for (let n = 0; drawing; n += 1) {
            if (drawer.client.pendingCount < 4) {
              drawn.push(`b${seconds}-${n}`);
              drawer.board.draw([stroke(`b${seconds}-${n}`)]);
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        })();

        proxy.offline();
        for (let n = 0; n < 3; n += 1) {
          drawn.push(`a${seconds}-${n}`);
          absent.board.draw([stroke(`a${seconds}-${n}`)]);
        }
        // The absence itself (the scenario, not a verdict): `seconds` of production time.
        await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / SCALE));
        if (seconds >= SURELY_NOTICED_S)
          // Long enough for every heartbeat: the server has let alice go while she is away.
          await whenPeople((ids) => !ids.includes(alice.id), 'alice gone while offline');
        proxy.online();

        await whenTabs(
          tabs,
          () => absent.client.status === 'live',
          'the absent tab live again',
          HANG_MS,
        );
        await whenPeople(present, 'alice back, once');
        const acksBack = drawer.ackCount();
        await whenTabs(
          tabs,
          () => drawer.ackCount() >= acksBack + 3,
          'the peer drawing on',
          HANG_MS,
        );
        drawing = false;
        await peerDraws;
        await whenTabs(
          tabs,
          () => tabs.every((tab) => tab.client.status === 'live' && tab.client.pendingCount === 0),
          'both outboxes empty',
          HANG_MS,
        );
        // Both tabs show every stroke of the round, and the same scene: each has received the
        // other's last commit, so the server has projected everything (its scene is final).
        const converged = () => {
          const keys = tabs.map((tab) => sceneKey(tab.board.scene).join());
          const ids = new Set(drawer.board.scene.map((element) => element.id));
          return keys.every((key) => key === keys[0]) && drawn.every((id) => ids.has(id));
        };
        await whenTabs(tabs, converged, 'both tabs showing every stroke', HANG_MS).catch(
          (error: Error) => {
            const missing = tabs.map((tab) => {
              const ids = new Set(tab.board.scene.map((element) => element.id));
              return drawn.filter((id) => !ids.has(id));
            });
            throw new Error(`${error.message}: missing ${JSON.stringify(missing)}`);
          },
        );
        const scene = (
          await server.get<{ elements: SceneElement[] }>(
            `/canvas/getcanvas/${canvasId}`,
            alice.token,
          )
        ).body.data!.elements;
        expect(sceneKey(scene)).toEqual(sceneKey(absent.board.scene));
        // No gap: every stroke of this round (the peer's and the absent tab's) is there.
        const ids = new Set(absent.board.scene.map((element) => element.id));
        expect(drawn.filter((id) => !ids.has(id))).toEqual([]);
        // No duplicate: each is stored once.
        const counts = new Map<string, number>();
        for (const { event } of await server.eventStore.readAll()) {
          const elements = (event.data as { elements?: SceneElement[] }).elements ?? [];
          for (const element of elements) counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
        }
        expect(drawn.filter((id) => counts.get(id) !== 1)).toEqual([]);
        expect([...absent.errors, ...drawer.errors]).toEqual([]);
        await whenPeople(present, 'alice on the canvas, once');
      },
      60_000,
    );
  },
);
