/**
 * The real server for the sync engine's tests: in this process, on the in-memory event store,
 * with real Socket.IO transports; `TestBoard` stands in for the editor. Each test file calls
 * `useEngineServer()` once at its top.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Event, SceneElement } from '@tabula/domain';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import { openTab } from './testBoard';
import type { TestTab } from './testBoard';

let current: InMemoryServer | null = null;
const tabs: TestTab[] = [];
const closers: (() => void)[] = [];

/** Starts the server before the file's tests and closes tabs after each; returns its getter. */
export function useEngineServer(): () => InMemoryServer {
  beforeAll(async () => {
    current = await startInMemoryServer();
  });
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.close();
    for (const close of closers.splice(0)) close();
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  return () => {
    if (!current) throw new Error('The engine server is not started.');
    return current;
  };
}

/** Runs each of `close` after the current test. */
export function closeAfterTest(...close: (() => void)[]): void {
  closers.push(...close);
}

/** Alice's canvas, shared with Bob. */
export async function sharedCanvas(
  server: InMemoryServer,
): Promise<{ alice: TestUser; bob: TestUser; canvasId: string }> {
  const alice = await server.createUserAndToken('alice');
  const bob = await server.createUserAndToken('bob');
  const canvasId = await server.createCanvas(alice.token, 'engine');
  await server.addCollaborator(alice.userId, canvasId, bob.userId);
  return { alice, bob, canvasId };
}

/** Opens a tab closed after the current test. */
export async function open(...args: Parameters<typeof openTab>): Promise<TestTab> {
  const tab = await openTab(...args);
  tabs.push(tab);
  return tab;
}

/** The `LineDrawn` events of one canvas. */
export function linesDrawn(events: Event[], canvasId: string) {
  return events.filter(
    (event) =>
      event.type === 'LineDrawn' && (event.data as { canvasId: string }).canvasId === canvasId,
  ) as unknown as { data: { elements: SceneElement[]; timing?: Record<string, number[]> } }[];
}

/** Ids of the elements a tab's board shows. */
export const visibleIds = (tab: TestTab) =>
  tab.board.scene.filter((element) => !element.isDeleted).map((element) => element.id);
