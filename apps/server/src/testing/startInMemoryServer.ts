/**
 * The real Tabula server in this process, on the in-memory event store and read models,
 * listening on 127.0.0.1 port 0, with helpers to make users, canvases and collaborators
 * through the real services. For other workspaces' tests that need a live server.
 */
import type { Event } from '@tabula/domain';
import { createApp } from '../app';
import type { TabulaApp } from '../app';
import type { AppDeps } from '../appDeps';
import { CanvasesService } from '../features/canvases/canvases.service';
import { createInMemoryEventStore } from '../infrastructure/eventStore/inMemoryEventStore';
import { createInMemoryReadModelStore } from '../infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../features/presence/index';

export interface TestUser {
  userId: string;
  username: string;
  token: string;
}

export interface InMemoryServer {
  /** `http://127.0.0.1:<port>`: REST under it, Socket.IO on it. */
  url: string;
  app: TabulaApp;
  /** Signs a new user up (POST /auth/createuser) and returns their id and session token. */
  createUserAndToken(name?: string): Promise<TestUser>;
  /** Creates a canvas owned by the token's user (POST /canvas/createcanvas); resolves its id. */
  createCanvas(token: string, name?: string): Promise<string>;
  /** Makes `userId` a collaborator of the owner's canvas (invite + accept, as the services do). */
  addCollaborator(ownerId: string, canvasId: string, userId: string): Promise<void>;
  /** Removes a collaborator, as the owner's `remove-user` does. */
  removeCollaborator(ownerId: string, canvasId: string, userId: string): Promise<void>;
  /** Every event stored so far, in commit order. */
  events(): Promise<Event[]>;
  close(): Promise<void>;
}

let counter = 0;

export async function startInMemoryServer(
  overrides: Partial<AppDeps> = {},
): Promise<InMemoryServer> {
  const eventStore = createInMemoryEventStore<Event>();
  const readModels = createInMemoryReadModelStore();
  const presence = createInMemoryPresenceStore();
  const app = await createApp({
    eventStore,
    readModels,
    presence,
    rateLimits: {
      authPerIpPerMinute: 100_000,
      failedLoginsPerAccount: 100_000,
      failedLoginsPerIp: 100_000,
      socketMessagesPerSecond: 100_000,
    },
    quotas: { bytesPerMinute: Number.MAX_SAFE_INTEGER, burstBytes: Number.MAX_SAFE_INTEGER },
    logError: () => undefined,
    ...overrides,
  });
  const url = await app.listen(0, '127.0.0.1');
  const canvases = new CanvasesService(app.context);

  async function post<T>(route: string, body: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['auth-token'] = token;
    const response = await fetch(url + route, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: boolean; message?: string; data: T };
    if (!answer.success) throw new Error(`${route}: ${response.status} ${answer.message}`);
    return answer.data;
  }

  return {
    url,
    app,
    async createUserAndToken(name = 'user') {
      counter += 1;
      const username = `${name.replace(/[^a-z0-9]/gi, '').slice(0, 12) || 'user'}${counter}x${Date.now() % 100_000}`;
      const user = await post<{ id: string; username: string; token: string }>('/auth/createuser', {
        name,
        username,
        email: `${username}@example.com`,
        password: 'correct horse battery',
      });
      return { userId: user.id, username: user.username, token: user.token };
    },
    async createCanvas(token, name) {
      const canvas = await post<{ _id: string }>(
        '/canvas/createcanvas',
        name ? { name } : {},
        token,
      );
      return canvas._id;
    },
    async addCollaborator(ownerId, canvasId, userId) {
      await canvases.execute(ownerId, { type: 'InviteUser', data: { canvasId, userId } });
      await canvases.execute(userId, { type: 'AcceptInvitation', data: { canvasId } });
    },
    async removeCollaborator(ownerId, canvasId, userId) {
      await canvases.execute(ownerId, {
        type: 'RemoveCollaborator',
        data: { canvasId, userId },
      });
    },
    events: async () => (await eventStore.readAll()).map((recorded) => recorded.event),
    async close() {
      await app.close();
      await presence.close();
      await readModels.close();
      await eventStore.close();
    },
  };
}
