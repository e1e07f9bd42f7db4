/**
 * A user's tab on the cluster, headless: the widget's real sync engine (`CollaborationClient`
 * from `@tabula/whiteboard/collab`, as an embedding site gets it from npm) over its one
 * Socket.IO connection through the balancer, and a board standing in for the editor. The tab
 * asks the balancer for node `node` (see `haproxy.ts`); it reconnects wherever the balancer
 * sends it.
 */
import { completeElement } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { CollaborationClient, socketIoTransport } from '@tabula/whiteboard/collab';
import type { BoardView, SceneUpdate, SocketIoTransport } from '@tabula/whiteboard/collab';
import { filter, firstValueFrom } from 'rxjs';
import { START_GUARD_MS } from './processes';

export interface SignedUp {
  id: string;
  token: string;
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** Signs up a new user through the balancer. */
export async function signUp(url: string, name: string): Promise<SignedUp> {
  counter += 1;
  const username = `${name}${counter}${Date.now().toString(36)}`;
  const body = {
    name,
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
  };
  const response = await fetch(`${url}/auth/createuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: { id: string; token: string } };
  if (!response.ok || !answer.data) throw new Error(`sign-up failed: ${JSON.stringify(answer)}`);
  return { ...body, id: answer.data.id, token: answer.data.token };
}

let drawn = 0;

/** A rectangle as the editor would commit it, above every one drawn before. */
export function rectangle(id: string, x = 0): SceneElement {
  drawn += 1;
  const index = `b${drawn.toString().padStart(6, '0')}`;
  return completeElement({ id, type: 'rectangle', x, y: 0, width: 10, height: 10, index });
}

/** The editor's stand-in: it holds the scene and reports each change to the engine. */
class HeadlessBoard implements BoardView {
  scene: SceneElement[] = [];
  private readonly listeners = new Set<() => void>();
  constructor(private readonly client: CollaborationClient) {}
  getSceneElements(): readonly SceneElement[] {
    return this.scene;
  }
  updateScene(update: SceneUpdate, onApplied?: () => void): void {
    const next = update(this.scene);
    if (next === null) return;
    this.scene = [...next];
    onApplied?.();
    this.report();
    for (const listener of this.listeners) listener();
  }
  /** Calls `listener` after each scene the engine applies (peers' commits come once a frame). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  isReady(): boolean {
    return true;
  }
  /** The user draws `elements` (finished: each gesture ends at once). */
  draw(elements: readonly SceneElement[]): void {
    const byId = new Map(this.scene.map((element) => [element.id, element]));
    for (const element of elements) byId.set(element.id, structuredClone(element));
    this.scene = [...byId.values()];
    this.report();
  }
  report(): void {
    this.client.viewChanged(this.scene, {
      selectedElementIds: {},
      selectedElementsAreBeingDragged: false,
    });
  }
}

export interface Tab {
  user: SignedUp;
  transport: SocketIoTransport;
  client: CollaborationClient;
  board: HeadlessBoard;
  /** Ids of the elements the board shows. */
  visibleIds(): string[];
  /**
   * Resolves once `predicate` holds, looking after every engine change, server message and
   * scene the engine applies to the board.
   */
  until(predicate: () => boolean, what: string): Promise<void>;
  close(): void;
}

/** A socket of `user` through the balancer to node `node` while it is up (no canvas opened). */
export function connect(url: string, user: SignedUp, node: string): SocketIoTransport {
  return socketIoTransport(url, user.token, {
    socketOptions: {
      transports: ['websocket'],
      forceNew: true,
      query: { node },
      reconnectionDelay: 100,
      reconnectionDelayMax: 1000,
    },
  });
}

/** Opens `canvasId` as `user` on `node`, once its scene is loaded. */
export async function openTab(
  url: string,
  user: SignedUp,
  canvasId: string,
  node: string,
): Promise<Tab> {
  const transport = connect(url, user, node);
  const client = new CollaborationClient({ transport, canvasId, userId: user.id });
  const board = new HeadlessBoard(client);
  client.start();
  board.scene = [...(await client.initialScene())];
  client.attach(board);
  board.report();
  await firstValueFrom(client.loaded$.pipe(filter(Boolean)));
  const visibleIds = () =>
    board.scene.filter((element) => !element.isDeleted).map((element) => element.id);
  return {
    user,
    transport,
    client,
    board,
    visibleIds,
    until: (predicate, what) => until(transport, client, board, predicate, what),
    close() {
      client.dispose();
      transport.close();
    },
  };
}

function until(
  transport: SocketIoTransport,
  client: CollaborationClient,
  board: HeadlessBoard,
  predicate: () => boolean,
  what: string,
): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    // A hang guard, not a verdict: a loaded machine only makes the condition come later.
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new Error(
          `no ${what} within ${START_GUARD_MS} ms (status ${client.status}, ${client.pendingCount} pending)`,
        ),
      );
    }, START_GUARD_MS);
    const check = () => {
      if (!predicate()) return;
      cleanup();
      resolve();
    };
    const afterMessage = () => queueMicrotask(check);
    const subscriptions = [client.status$.subscribe(check), client.pending$.subscribe(check)];
    transport.socket.onAny(afterMessage);
    transport.socket.io.on('reconnect', afterMessage);
    const offBoard = board.onChange(afterMessage);
    function cleanup() {
      clearTimeout(timer);
      offBoard();
      for (const subscription of subscriptions) subscription.unsubscribe();
      transport.socket.offAny(afterMessage);
      transport.socket.io.off('reconnect', afterMessage);
    }
  });
}
