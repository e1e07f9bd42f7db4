// Two clients of `@tabula/whiteboard/sync` (the BUILT entry) on one canvas of a real server, in
// plain Node with no React: each draws a rectangle, each sees the other's. Prints one JSON line.
// argv: the entry's URL; env TABULA_SYNC_CASE: { server, canvasId, users: [{ userId, token }] }.
const [entryUrl] = process.argv.slice(2);
const { server, canvasId, users } = JSON.parse(process.env.TABULA_SYNC_CASE);
const sync = await import(entryUrl);

/** The smallest editor: a scene the engine reads and replaces. */
function plainView(client) {
  let scene = [];
  const waiters = [];
  const view = {
    getSceneElements: () => scene,
    updateScene(update, onApplied) {
      const next = update(scene);
      if (next === null) return;
      scene = [...next];
      onApplied?.();
      client.viewChanged(scene, {});
      for (const waiter of waiters.splice(0)) waiter();
    },
    isReady: () => true,
    draw(element) {
      scene = [...scene, element];
      client.viewChanged(scene, {});
    },
    async until(predicate) {
      while (!predicate(scene)) await new Promise((resolve) => waiters.push(resolve));
    },
  };
  return view;
}

function rectangle(id, x) {
  return {
    id,
    type: 'rectangle',
    version: 1,
    versionNonce: 1,
    isDeleted: false,
    index: null,
    x,
    y: 10,
    width: 50,
    height: 40,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: 1,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
  };
}

const clients = users.map(({ userId, token }) => {
  const transport = sync.socketIoTransport(server, token, {
    socketOptions: { transports: ['websocket'], forceNew: true },
  });
  const client = new sync.CollaborationClient({ transport, canvasId, userId });
  return { client, transport, view: plainView(client), statuses: [] };
});
for (const entry of clients) {
  entry.client.status$.subscribe((status) => entry.statuses.push(status));
  entry.client.start();
}
for (const { client, view } of clients) {
  await client.initialScene();
  client.attach(view);
}
const [a, b] = clients;
a.view.draw(rectangle('from-a', 10));
b.view.draw(rectangle('from-b', 200));
const has = (id) => (scene) => scene.some((element) => element.id === id && !element.isDeleted);
await b.view.until(has('from-a'));
await a.view.until(has('from-b'));
const result = {
  reactResolvable: await import('react').then(
    () => true,
    () => false,
  ),
  a: a.view
    .getSceneElements()
    .map((element) => element.id)
    .sort(),
  b: b.view
    .getSceneElements()
    .map((element) => element.id)
    .sort(),
  statuses: clients.map((entry) => entry.statuses.at(-1)),
};
for (const { client, transport } of clients) {
  client.dispose();
  transport.close();
}
console.log(JSON.stringify(result));
