/**
 * Three Tabula nodes behind HAProxy on PostgreSQL and Redis, each node a process of its own
 * started as an operator would: users on different nodes work together as on one server, the
 * one-session rule holds across nodes, and a node killed while people draw loses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_DELETED_CANVAS,
  LOGOUT_FROM_OTHER_DEVICE,
  REMOVED_BY_ADMIN,
  joinedTheCanvas,
} from '@tabula/domain';
import type { RemotePeer } from '@tabula/whiteboard/collab';
import { startCluster } from './support/cluster';
import type { Cluster } from './support/cluster';
import { commitsPerElement } from './support/log';
import { START_GUARD_MS } from './support/processes';
import { dumpReadModels } from './support/readModels';
import { rest } from './support/rest';
import { call, connected, hearsOnline, nextEvent } from './support/socketCalls';
import { connect, openTab, rectangle, signUp } from './support/tab';
import type { SignedUp, Tab } from './support/tab';
import { runCommand } from './support/tabulaNode';

let cluster: Cluster | undefined;
const opened: { close(): void }[] = [];

beforeAll(async () => {
  cluster = await startCluster(3);
});
afterAll(async () => {
  for (const tab of opened) tab.close();
  await cluster?.stop();
});

function stack(): Cluster {
  if (!cluster) throw new Error('no cluster');
  return cluster;
}

async function tab(user: SignedUp, canvasId: string, node: string): Promise<Tab> {
  const opening = await openTab(stack().url, user, canvasId, node);
  opened.push(opening);
  return opening;
}

function socketOn(user: SignedUp, node: string) {
  const transport = connect(stack().url, user, node);
  opened.push(transport);
  return transport.socket;
}

async function createCanvas(owner: SignedUp, name: string): Promise<string> {
  const created = await rest<{ _id: string }>(stack().url, '/canvas/createcanvas', {
    body: { name },
    token: owner.token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data!._id;
}

/** `owner` invites `guest` (each on a socket of their own node) and the guest accepts. */
async function invite(
  ownerSocket: ReturnType<typeof socketOn>,
  guestSocket: ReturnType<typeof socketOn>,
  guest: SignedUp,
  canvasId: string,
) {
  const invitation = nextEvent<{ canvasId: string }>(
    guestSocket,
    'receive-invitation',
    (payload) => payload.canvasId === canvasId,
  );
  const invited = await call(ownerSocket, 'invite-user', {
    toUserId: guest.id,
    canvasId,
    canvasName: 'Across nodes',
  });
  expect(invited, JSON.stringify(invited)).toMatchObject({ ok: true });
  await invitation;
  const accepted = nextEvent<{ message: string }>(ownerSocket, 'invitation-accepted');
  expect(await call(guestSocket, 'accept-invitation', { canvasId })).toMatchObject({ ok: true });
  expect((await accepted).message).toBe(joinedTheCanvas(guest.username));
}

describe('three nodes behind HAProxy', () => {
  it('two users on different nodes: invitation, live drawing, presence, pointers, leave, removal, deletion', async (context) => {
    if (!cluster) return context.skip();
    const [alice, bob] = [await signUp(stack().url, 'alice'), await signUp(stack().url, 'bob')];
    const aliceSocket = socketOn(alice, 'node1');
    await connected(aliceSocket);
    // Bob comes online on node 2: Alice, on node 1, hears of it.
    const bobOnline = hearsOnline(aliceSocket, bob.id);
    const bobSocket = socketOn(bob, 'node2');
    await connected(bobSocket);
    await bobOnline;

    const canvasId = await createCanvas(alice, 'Across nodes');
    await invite(aliceSocket, bobSocket, bob, canvasId);

    const aliceTab = await tab(alice, canvasId, 'node1');
    const bobTab = await tab(bob, canvasId, 'node2');
    aliceTab.board.draw([rectangle('from-alice', 0)]);
    await bobTab.until(() => bobTab.visibleIds().includes('from-alice'), 'Alice’s stroke at Bob');
    bobTab.board.draw([rectangle('from-bob', 50)]);
    await aliceTab.until(() => aliceTab.visibleIds().includes('from-bob'), 'Bob’s stroke at Alice');

    // Cursors cross nodes too.
    const peers: RemotePeer[][] = [];
    const watching = aliceTab.client.peers$.subscribe((list) => peers.push(list));
    // Cursors are lossy by design (latest wins, one in flight): Bob keeps moving, as a hand
    // on a mouse does, until Alice sees him; a move sent before the nodes' subscriptions
    // settle may be dropped.
    let y = 34;
    bobTab.client.movePointer({ x: 12, y });
    const moving = setInterval(() => bobTab.client.movePointer({ x: 12, y: ++y }), 250);
    try {
      await aliceTab.until(
        () =>
          peers.at(-1)?.some((peer) => peer.userId === bob.id && peer.pointer?.x === 12) ?? false,
        'Bob’s pointer at Alice',
      );
    } finally {
      clearInterval(moving);
    }
    watching.unsubscribe();

    // Bob leaves; invited again, he is removed; invited again, the canvas is deleted.
    expect(await call(bobSocket, 'can-leave-canvas', canvasId)).toMatchObject({ ok: true });
    const left = nextEvent(aliceTab.transport.socket, 'collaborator-leaved');
    expect(await call(bobSocket, 'leave-canvas', { canvasId })).toMatchObject({ ok: true });
    expect(await left).toEqual({ canvasId, userId: bob.id });

    await invite(aliceSocket, bobSocket, bob, canvasId);
    const removed = nextEvent<{ message: string }>(bobSocket, 'error');
    expect(
      await call(aliceSocket, 'remove-user', { adminUserId: alice.id, canvasId, toUserId: bob.id }),
    ).toMatchObject({ ok: true });
    expect(await removed).toEqual({ message: REMOVED_BY_ADMIN });

    await invite(aliceSocket, bobSocket, bob, canvasId);
    expect(await call(bobSocket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    const deleted = nextEvent(bobSocket, 'canvas-deleted');
    const deletion = await rest(stack().url, `/canvas/deletecanvas/${canvasId}`, {
      body: {},
      token: alice.token,
    });
    expect(deletion.status).toBe(200);
    expect(await deleted).toEqual({ canvasId, message: ADMIN_DELETED_CANVAS });
    for (const node of ['node1', 'node2', 'node3']) {
      const gone = await rest(stack().url, `/canvas/getcanvas/${canvasId}`, {
        token: alice.token,
        node,
      });
      expect([gone.node, gone.status]).toEqual([node, 404]);
    }
  });

  it('the one-session rule holds across nodes', async (context) => {
    if (!cluster) return context.skip();
    const carol = await signUp(stack().url, 'carol');
    const onNode1 = socketOn(carol, 'node1');
    await connected(onNode1);
    const refused = await rest(stack().url, '/auth/loginuser', {
      body: { email: carol.email, password: carol.password },
      node: 'node2',
    });
    expect(refused.node).toBe('node2');
    expect(refused.body).toEqual({ success: false, message: LOGOUT_FROM_OTHER_DEVICE });
  });

  it('failed sign-ins are counted across nodes: guesses spread over the nodes get no more tries', async (context) => {
    if (!cluster) return context.skip();
    const owner = await signUp(stack().url, 'guessed');
    const guess = (node: string) =>
      rest(stack().url, '/auth/loginuser', {
        body: { email: owner.email, password: 'not the password' },
        node,
      });
    // AUTH_FAILED_LOGINS_PER_ACCOUNT (10) free failures, spread over the three nodes…
    for (let i = 0; i < 10; i++) expect((await guess(`node${(i % 3) + 1}`)).status).toBe(401);
    // …then every node makes the next guess wait.
    for (const node of ['node1', 'node2', 'node3']) {
      const waited = await guess(node);
      expect([waited.node, waited.status]).toEqual([node, 429]);
    }
  });
});

describe('a node killed while two users draw', () => {
  it('loses no acknowledged stroke: the client reconnects through the balancer and resends', async (context) => {
    if (!cluster) return context.skip();
    const [erin, frank] = [await signUp(stack().url, 'erin'), await signUp(stack().url, 'frank')];
    const erinSocket = socketOn(erin, 'node1');
    const frankSocket = socketOn(frank, 'node2');
    await Promise.all([connected(erinSocket), connected(frankSocket)]);
    const canvasId = await createCanvas(erin, 'Through a crash');
    await invite(erinSocket, frankSocket, frank, canvasId);
    const erinTab = await tab(erin, canvasId, 'node1');
    const frankTab = await tab(frank, canvasId, 'node2');

    const refusals: string[] = [];
    for (const who of [erinTab, frankTab])
      who.client.errors$.subscribe((error) =>
        refusals.push(`${who.user.username}: ${error.message}`),
      );
    // Dave is on node 1 too, and does not come back after it dies: everyone hears he left.
    const dave = await signUp(stack().url, 'dave');
    const daveSocket = socketOn(dave, 'node1');
    await connected(daveSocket);
    await hearsOnline(frankSocket, dave.id);
    const daveLeft = nextEvent(frankSocket, 'online-users-changed', (change: { left: string[] }) =>
      change.left.includes(dave.id),
    );
    const STROKES = 60;
    const KILL_AFTER = 20;
    const [node1] = stack().nodes;
    let killed: Promise<void> | undefined;
    const draw = async (who: Tab, prefix: string) => {
      for (let i = 0; i < STROKES; i++) {
        who.board.draw([rectangle(`${prefix}-${i}`, i)]);
        if (who === erinTab && i === KILL_AFTER) {
          killed = node1!.kill();
          daveSocket.io.reconnection(false);
        }
        // The pace of a quick user; the verdict never depends on it.
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    await Promise.all([draw(erinTab, 'erin'), draw(frankTab, 'frank')]);
    await killed;
    expect(node1!.running).toBe(false);
    // Node 1's entries expire (PRESENCE_TTL_MS) and a surviving node's heartbeat says so.
    await daveLeft;

    const all = [...Array(STROKES).keys()].flatMap((i) => [`erin-${i}`, `frank-${i}`]).sort();
    for (const who of [erinTab, frankTab]) {
      await who.until(
        () => who.client.status === 'live' && who.client.pendingCount === 0,
        `${who.user.username}'s outbox acknowledged`,
      );
      // The hang guard's error would not say what is missing: the assertion does.
      await who
        .until(() => who.visibleIds().length === all.length, 'every stroke shown')
        .catch(() => undefined);
      const missing = all.filter((id) => !who.visibleIds().includes(id));
      expect(missing, `missing at ${who.user.username}`).toEqual([]);
      expect(who.visibleIds()).toHaveLength(all.length);
    }

    expect(refusals).toEqual([]);
    // Each stroke was stored exactly once, although some were sent twice.
    const commits = await commitsPerElement(stack().eventStoreUrl, canvasId);
    expect([...commits.keys()].sort()).toEqual(all);
    expect([...commits.values()].every((count) => count === 1)).toBe(true);

    // Every node, the killed one restarted, serves the same scene.
    await node1!.start();
    await stack().serving(node1!.name);
    for (const node of stack().nodes) {
      const answer = await rest<{ elements: { id: string }[] }>(
        stack().url,
        `/canvas/getcanvas/${canvasId}`,
        { token: erin.token, node: node.name },
      );
      expect(answer.node).toBe(node.name);
      expect(answer.body.data!.elements.map((element) => element.id).sort()).toEqual(all);
    }
  });
});

describe('read models rebuilt while the nodes serve', () => {
  it('npm run rebuild-projections on one node: nobody sees an empty read model, nothing written meanwhile is lost, and the result is what a quiet rebuild gives', async (context) => {
    if (!cluster) return context.skip();
    const gina = await signUp(stack().url, 'gina');
    const rebuilding = runCommand('rebuildProjections', stack().env);
    let done = false;
    void rebuilding.then(() => (done = true));
    // Users keep working on every node while it runs (a canvas every 50 ms, the pace of a busy
    // team, for its first 100 rounds; the verdict does not depend on it): each call must succeed.
    const created: string[] = [];
    const guard = Date.now() + START_GUARD_MS;
    for (let i = 0; !done || i < 3; i++) {
      if (Date.now() > guard)
        throw new Error(`the rebuild did not end within ${START_GUARD_MS} ms`);
      const node = stack().nodes[i % 3]!.name;
      if (i < 100) {
        const canvas = await rest<{ _id: string }>(stack().url, '/canvas/createcanvas', {
          body: { name: `During ${i}` },
          token: gina.token,
          node,
        });
        expect(canvas.status, JSON.stringify(canvas.body)).toBe(201);
        created.push(canvas.body.data!._id);
      }
      const mine = await rest(stack().url, '/auth/fetchuser', { token: gina.token, node });
      expect(mine.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rebuilt = await rebuilding;
    expect(rebuilt.code, rebuilt.output).toBe(0);

    for (const node of stack().nodes) {
      const list = await rest<{ _id: string }[]>(stack().url, '/canvas/getallcanvases', {
        token: gina.token,
        node: node.name,
      });
      expect(list.node).toBe(node.name);
      expect(list.body.data!.map((canvas) => canvas._id).sort()).toEqual([...created].sort());
    }
    const served = await dumpReadModels(stack().redisUrl);
    const quiet = await runCommand('rebuildProjections', stack().env);
    expect(quiet.code, quiet.output).toBe(0);
    expect(await dumpReadModels(stack().redisUrl)).toEqual(served);
  });
});
