/**
 * A user's tab as the widget runs it, in Node: the widget's own `CollaborationClient` (its
 * outbox, resends and catch-up after a reconnect) over a real Socket.IO transport, with the
 * widget's `TestBoard` in the editor's place. Every `canvas-update` the server acknowledged is
 * recorded, element by element, so a test can check that nothing acknowledged is lost.
 */
import { filter, firstValueFrom } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import { CollaborationClient } from '../../../../packages/whiteboard-widget/src/collab/CollaborationClient';
import { socketIoTransport } from '../../../../packages/whiteboard-widget/src/collab/socketIoTransport';
import type { SocketIoTransport } from '../../../../packages/whiteboard-widget/src/collab/socketIoTransport';
import type { Transport } from '../../../../packages/whiteboard-widget/src/collab/Transport';
import type { CollaborationError } from '../../../../packages/whiteboard-widget/src/collab/collaborationOptions';
import { TestBoard } from '../../../../packages/whiteboard-widget/src/test/testBoard';

export interface WidgetTab {
  userId: string;
  transport: SocketIoTransport;
  client: CollaborationClient;
  board: TestBoard;
  /** Element ids (with versions) in `canvas-update`s the server acknowledged. */
  acked: Map<string, number>;
  /** Refusals and other errors the engine reported (a test expects none). */
  errors: CollaborationError[];
  /** How many `canvas-update`s were acknowledged so far. */
  ackCount(): number;
  close(): void;
}

/** Opens `canvasId` as `userId` on `url`, reconnecting quickly, and waits until it is live. */
export async function openWidgetTab(
  url: string,
  user: { id: string; token: string },
  canvasId: string,
): Promise<WidgetTab> {
  const transport = socketIoTransport(url, user.token, {
    socketOptions: {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 250,
      randomizationFactor: 0,
    },
    ackTimeoutMs: 5_000,
  });
  const acked = new Map<string, number>();
  let acks = 0;
  const recording: Transport = {
    status$: transport.status$,
    events: (event) => transport.events(event),
    pointer: (payload) => transport.pointer(payload),
    ink: (payload) => transport.ink(payload),
    inkWritable: () => transport.inkWritable?.() ?? true,
    close: () => transport.close(),
    request: (async (event, payload) => {
      const result = await transport.request(event, payload);
      if (event === 'canvas-update' && result.ok) {
        acks += 1;
        for (const element of (payload as { elements: SceneElement[] }).elements)
          acked.set(element.id, Math.max(acked.get(element.id) ?? 0, element.version));
      }
      return result;
    }) as Transport['request'],
  };
  const client = new CollaborationClient({
    transport: recording,
    canvasId,
    userId: user.id,
    retryDelayMs: 100,
  });
  const board = new TestBoard(client);
  const errors: CollaborationError[] = [];
  client.errors$.subscribe((error) => errors.push(error));
  client.start();
  await board.mount();
  await firstValueFrom(client.loaded$.pipe(filter(Boolean)));
  return {
    userId: user.id,
    transport,
    client,
    board,
    acked,
    errors,
    ackCount: () => acks,
    close: () => {
      client.dispose();
      transport.close();
    },
  };
}

/**
 * Resolves once `predicate` holds, looking again after every status or outbox change of the
 * tabs and every message they receive (no polling on a clock). Rejects after `hangMs`: a hang.
 */
export function whenTabs(
  tabs: WidgetTab[],
  predicate: () => boolean,
  what: string,
  hangMs = 60_000,
): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const look = () => {
      if (!predicate()) return;
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`hang: still waiting for ${what} after ${hangMs} ms`));
    }, hangMs);
    // Any-listeners run before the engine's own: look once it has handled the message.
    const afterMessage = () => setImmediate(look);
    const subscriptions = tabs.flatMap((tab) => [
      tab.client.status$.subscribe(look),
      tab.client.pending$.subscribe(look),
    ]);
    for (const tab of tabs) tab.transport.socket.onAny(afterMessage);
    // Peers' changes reach the board at the next frame, after the message that brought them.
    const offBoards = tabs.map((tab) => tab.board.onChange(afterMessage));
    function cleanup() {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.unsubscribe();
      for (const tab of tabs) tab.transport.socket.offAny(afterMessage);
      for (const off of offBoards) off();
    }
  });
}

/** A board's live elements as `id@version`, sorted: what two scenes are compared by. */
export function sceneKey(elements: readonly SceneElement[]): string[] {
  return elements
    .filter((element) => !element.isDeleted)
    .map((element) => `${element.id}@${element.version}`)
    .sort();
}
