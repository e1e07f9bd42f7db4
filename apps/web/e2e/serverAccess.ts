/**
 * What a browser test does on the server side, as another client would: REST calls and a
 * Socket.IO connection with a user's token (to seed canvases, invite, revoke a session), and
 * reading the event log straight from the test server's SQLite file.
 */
import path from 'node:path';
// The e2e suite reads the test server's log file to check what was stored; the app never does.
import Database from 'better-sqlite3';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { excalidrawElement } from '@tabula/testing';
import { API_PATHS } from '@tabula/domain/protocol';
import type {
  AckResult,
  CanvasSummary,
  ClientToServerEvents,
  ServerToClientEvents,
} from '@tabula/domain/protocol';
import type { GestureTiming, SceneElement } from '@tabula/domain';
import { baseUrl } from './support';

type ServerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The session token the page keeps (spec §9 'token'). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('The page has no stored token: sign in first.');
  return token;
}

async function rest<T>(method: 'GET' | 'POST', route: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** The id of the token's user. */
export async function userIdOf(token: string): Promise<string> {
  return (await rest<{ id: string }>('GET', API_PATHS.fetchUser, token)).id;
}

/** Ends the token's session, as signing out on another device does. */
export async function revokeSession(token: string): Promise<void> {
  await rest('POST', API_PATHS.logout, token, {});
}

/** A Socket.IO client of the test server, signed in with `token`. */
export class ServerClient {
  private constructor(private readonly socket: ServerSocket) {}

  static async connect(token: string): Promise<ServerClient> {
    const socket: ServerSocket = io(baseUrl(), { auth: { token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return new ServerClient(socket);
  }

  /** Sends an acknowledged event and returns the ack's data (throws on a refusal). */
  async request<T>(event: keyof ClientToServerEvents, payload: unknown): Promise<T> {
    const untyped = this.socket as unknown as Socket;
    const result = (await untyped.timeout(15_000).emitWithAck(event, payload)) as AckResult<T>;
    if (!result.ok) throw new Error(`${event}: ${result.error.code} ${result.error.message}`);
    return result.data;
  }

  /** Resolves with the next `event` the server sends. */
  next<E extends keyof ServerToClientEvents>(event: E): Promise<unknown> {
    const untyped = this.socket as unknown as Socket;
    return new Promise((resolve) =>
      untyped.once(event as string, (payload: unknown) => resolve(payload)),
    );
  }

  close(): void {
    this.socket.disconnect();
  }
}

let seeded = 0;

/** A rectangle the server accepts, with a unique id. */
function rectangle(id: string, x: number): SceneElement {
  return excalidrawElement({
    id,
    versionNonce: 1000 + seeded,
    index: 'a0',
    x,
    y: 80,
    width: 160,
    height: 90,
    seed: 4242,
  }) as unknown as SceneElement;
}

/** A canvas of the token's user holding one rectangle; returns its id and the element ids. */
export async function seedCanvas(
  client: ServerClient,
  token: string,
  name: string,
): Promise<{ canvasId: string; name: string; elementIds: string[] }> {
  seeded += 1;
  const canvas = await rest<CanvasSummary>('POST', API_PATHS.createCanvas, token, { name });
  const elementId = `seed-${seeded}-${canvas._id.slice(-6)}`;
  await client.request('join-canvas', { canvasId: canvas._id });
  await client.request('canvas-update', {
    canvasId: canvas._id,
    eventId: `seed-event-${canvas._id}`,
    elements: [rectangle(elementId, 120)],
  });
  return { canvasId: canvas._id, name: canvas.name, elementIds: [elementId] };
}

/** The owner invites `guestId`; the guest's own client (`guest`) accepts. */
export async function share(
  owner: ServerClient,
  guest: ServerClient,
  canvas: { canvasId: string; name: string },
  guestId: string,
): Promise<void> {
  const { canvasId, name } = canvas;
  await owner.request('invite-user', { toUserId: guestId, canvasId, canvasName: name, lines: [] });
  await guest.request('accept-invitation', { canvasId });
}

/** One `LineDrawn` of the log, as stored. */
export interface StoredLineDrawn {
  elements: SceneElement[];
  timing?: GestureTiming;
}

/** Every `LineDrawn` stored for `canvasId`, oldest first, read from the server's SQLite file. */
export function lineDrawnEvents(canvasId: string): StoredLineDrawn[] {
  const file = path.join(inject('dataDir'), 'events.sqlite');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(`SELECT body FROM events WHERE type = 'LineDrawn' ORDER BY position`)
      .all() as { body: string }[];
    return rows
      .map((row) => JSON.parse(row.body) as { data: StoredLineDrawn & { canvasId: string } })
      .filter((event) => event.data.canvasId === canvasId)
      .map(({ data }) => ({ elements: data.elements, timing: data.timing }));
  } finally {
    db.close();
  }
}
