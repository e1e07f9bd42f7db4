import { filter, firstValueFrom } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import { CollaborationClient } from '../collab/CollaborationClient';
import type { BoardView, SceneUpdate } from '../collab/boardView';
import type { CollaborationClientOptions } from '../collab/collaborationOptions';
import type { ImageFile } from '../collab/fileTransport';
import { socketIoTransport } from '../collab/socketIoTransport';
import type { SocketIoTransport } from '../collab/socketIoTransport';
import type { Transport } from '../collab/Transport';

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
  /** The editor's image files by id (a new object on each change, as Excalidraw reports them). */
  files: Readonly<Record<string, ImageFile>> = {};
  private editing: ReadonlySet<string> = new Set();

  constructor(private readonly client: CollaborationClient) {}

  /** Mounts the board the way `<Whiteboard>` does: with the joined scene, then its first report. */
  async mount(): Promise<void> {
    this.scene = await this.client.initialScene();
    this.mounted = true;
    this.client.attach(this);
    this.report();
  }

  /**
   * Mounts the board as a host that binds the editor first does (the web app's board): attached
   * while it shows no scene yet, then given the initial scene.
   */
  async mountAttachedFirst(): Promise<void> {
    this.client.attach(this);
    this.scene = await this.client.initialScene();
    this.mounted = true;
    this.report();
  }

  /** The board shows a scene (see `BoardView.isReady`). */
  private mounted = false;

  getSceneElements(): readonly SceneElement[] {
    return this.scene;
  }

  /**
   * Like Excalidraw: the update is computed from the scene held when it is applied (at once,
   * or at `flushDeferred()` while `deferUpdates`), and the editor may then change the objects it
   * took in place (`onTake`, e.g. a re-index) before `onApplied` runs.
   */
  updateScene(update: SceneUpdate, onApplied?: () => void): void {
    const apply = () => {
      const next = update(this.scene);
      if (next === null) return;
      this.scene = [...next];
      this.onTake?.(this.scene);
      onApplied?.();
      this.report();
    };
    if (this.deferUpdates) this.deferred.push(apply);
    else apply();
  }

  /** While true, updates wait for `flushDeferred()` (as `<Whiteboard>` defers one asked within `onChange`). */
  deferUpdates = false;
  private deferred: (() => void)[] = [];
  /** Called with the scene each time the board takes one, to change its objects in place as Excalidraw does. */
  onTake: ((scene: SceneElement[]) => void) | null = null;

  /** Applies the updates that waited. */
  flushDeferred(): void {
    for (const apply of this.deferred.splice(0)) apply();
  }

  /**
   * Changes the board's own object in place, bumping its version, as Excalidraw's
   * `mutateElement` does, and reports the scene with `editing` as the ids being edited.
   */
  mutate(id: string, fields: Partial<SceneElement>, editing: readonly string[] = []): void {
    const element = this.get(id);
    if (!element) throw new Error(`no element ${id}`);
    Object.assign(element, fields, {
      version: element.version + 1,
      versionNonce: element.versionNonce + 1000,
    });
    this.editing = new Set(editing);
    this.report();
  }

  isReady(): boolean {
    return this.mounted;
  }

  /** The local user changes these elements; `editing` are still being drawn or dragged. */
  draw(elements: readonly SceneElement[], editing: readonly string[] = []): void {
    const byId = new Map(this.scene.map((element) => [element.id, element]));
    for (const element of elements) byId.set(element.id, structuredClone(element));
    this.scene = [...byId.values()];
    this.editing = new Set(editing);
    this.report();
  }

  /** Takes image files (fetched, or kept on the device) and reports, as Excalidraw does. */
  addFiles(files: readonly ImageFile[]): void {
    this.files = { ...this.files, ...Object.fromEntries(files.map((file) => [file.id, file])) };
    this.report();
  }

  /** The local user adds an image: its file, then its element. */
  addImage(element: SceneElement, file: ImageFile): void {
    this.files = { ...this.files, [file.id]: file };
    this.draw([element]);
  }

  /** The board's copy of `id`. */
  get(id: string): SceneElement | undefined {
    return this.scene.find((element) => element.id === id);
  }

  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every change of the board's scene; answers how to stop. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private report(): void {
    for (const listener of this.listeners) listener();
    const selected = Object.fromEntries([...this.editing].map((id) => [id, true as const]));
    this.client.viewChanged(
      this.scene,
      { selectedElementIds: selected, selectedElementsAreBeingDragged: this.editing.size > 0 },
      this.files,
    );
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
  /** Puts something between the engine and the real transport (a dropped ack, a refusal). */
  wrap: (transport: Transport) => Transport = (transport) => transport,
): Promise<TestTab> {
  const transport = socketIoTransport(url, user.token, {
    socketOptions: { transports: ['websocket'], forceNew: true },
  });
  const client = new CollaborationClient({
    transport: wrap(transport),
    canvasId,
    userId: user.userId,
    ...options,
  });
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

/**
 * Resolves once `predicate` holds, checking after each of the engine's status or pending
 * changes, each server message, each change of the board (a scene applied when an ack
 * came, which is no message of its own) and each change of the peers' layer (a preview retired
 * frames after its commit, with no message either). The timeout only turns a hang into a clear failure: it is
 * long, so that a loaded machine makes the condition come later, never fail.
 */
export async function until(
  tab: TestTab,
  predicate: () => boolean,
  what: string,
  timeoutMs = 45_000,
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
    const offBoard = tab.board.onChange(afterMessage);
    const offPeers = tab.client.peerActivity.subscribe(afterMessage);
    function cleanup() {
      clearTimeout(timer);
      offBoard();
      offPeers();
      for (const subscription of subscriptions) subscription.unsubscribe();
      socket.offAny(afterMessage);
    }
  });
}

type Request = Transport['request'];

/**
 * The transport with its calls of `event` answered by `answer` while it returns a promise (a
 * timeout, a refusal, an ack that never comes), and passed on once it returns null. Every call
 * is counted in `calls`.
 */
export function intercept(
  event: 'join-canvas' | 'canvas-update',
  answer: (call: number) => ReturnType<Request> | null,
): { wrap: (transport: Transport) => Transport; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    wrap: (transport) => ({
      ...transport,
      request: ((name, payload) => {
        if (name !== event) return transport.request(name, payload);
        calls += 1;
        return answer(calls) ?? transport.request(name, payload);
      }) as Request,
    }),
  };
}

/** Lets every callback already queued run (promise reactions, socket messages received). */
export function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
