import { filter, firstValueFrom } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import { CollaborationClient } from '../collab/CollaborationClient';
import type { BoardView, CollaborationClientOptions } from '../collab/CollaborationClient';
import { socketIoTransport } from '../collab/socketIoTransport';
import type { SocketIoTransport } from '../collab/socketIoTransport';

/** Who opens a tab: a user id and their session token. */
export interface TabUser {
  userId: string;
  token: string;
}

/**
 * A stand-in for the editor in Node: it holds the scene as Excalidraw would, reports every
 * change to the engine (`viewChanged`, with the ids being edited in its app state) and takes
 * the scenes the engine gives it. No server rule lives here.
 */
export class TestBoard implements BoardView {
  scene: SceneElement[] = [];
  private editing: ReadonlySet<string> = new Set();

  constructor(private readonly client: CollaborationClient) {}

  /** Mounts the board the way `<Whiteboard>` does: with the joined scene, then its first report. */
  async mount(): Promise<void> {
    this.scene = await this.client.initialScene();
    this.client.attach(this);
    this.report();
  }

  getSceneElements(): readonly SceneElement[] {
    return this.scene;
  }

  updateScene(elements: readonly SceneElement[]): void {
    this.scene = [...elements];
    this.report();
  }

  isReady(): boolean {
    return true;
  }

  /** The local user changes these elements; `editing` are still being drawn or dragged. */
  draw(elements: readonly SceneElement[], editing: readonly string[] = []): void {
    const byId = new Map(this.scene.map((element) => [element.id, element]));
    for (const element of elements) byId.set(element.id, structuredClone(element));
    this.scene = [...byId.values()];
    this.editing = new Set(editing);
    this.report();
  }

  /** The board's copy of `id`. */
  get(id: string): SceneElement | undefined {
    return this.scene.find((element) => element.id === id);
  }

  private report(): void {
    const selected = Object.fromEntries([...this.editing].map((id) => [id, true as const]));
    this.client.viewChanged(this.scene, {
      selectedElementIds: selected,
      selectedElementsAreBeingDragged: this.editing.size > 0,
    });
  }
}

/** One user's tab: a real Socket.IO transport, the engine and a mounted board. */
export interface TestTab {
  transport: SocketIoTransport;
  client: CollaborationClient;
  board: TestBoard;
  close(): void;
}

/** Opens `canvasId` as `user` against the server at `url`, waiting until it is loaded. */
export async function openTab(
  url: string,
  user: TabUser,
  canvasId: string,
  options: Partial<CollaborationClientOptions> = {},
  mount = true,
): Promise<TestTab> {
  const transport = socketIoTransport(url, user.token, {
    socketOptions: { transports: ['websocket'], forceNew: true },
  });
  const client = new CollaborationClient({ transport, canvasId, userId: user.userId, ...options });
  const board = new TestBoard(client);
  client.start();
  if (mount) {
    await board.mount();
    await firstValueFrom(client.loaded$.pipe(filter(Boolean)));
  }
  return {
    transport,
    client,
    board,
    close: () => {
      client.dispose();
      transport.close();
    },
  };
}

/** Resolves once `predicate` holds, checking after each of the engine's status or pending changes and each server message. */
export async function until(
  tab: TestTab,
  predicate: () => boolean,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  if (predicate()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const check = () => {
      if (!predicate()) return;
      cleanup();
      resolve();
    };
    // Any-listeners run before the engine's own: look once it has handled the message.
    const afterMessage = () => queueMicrotask(check);
    const socket = tab.transport.socket;
    const subscriptions = [
      tab.client.status$.subscribe(check),
      tab.client.pending$.subscribe(check),
    ];
    socket.onAny(afterMessage);
    function cleanup() {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.unsubscribe();
      socket.offAny(afterMessage);
    }
  });
}
