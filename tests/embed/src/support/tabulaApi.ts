import { io } from 'socket.io-client';
import { excalidrawElement } from '@tabula/testing';

/** A signed-up user and their session token. */
export interface TestUser {
  id: string;
  username: string;
  token: string;
}

async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; message?: string; data?: T };
  if (!response.ok || !envelope.success || envelope.data === undefined) {
    throw new Error(`POST ${path} → ${response.status} ${envelope.message ?? ''}`);
  }
  return envelope.data;
}

/** Signs up a user (`POST /auth/createuser`). */
export function signUp(base: string, username: string): Promise<TestUser> {
  return call<TestUser>(base, '/auth/createuser', {
    name: username,
    username,
    email: `${username}@example.test`,
    password: 'correct horse battery',
  });
}

/** Creates a canvas owned by `owner`; returns its id. */
export async function createCanvas(base: string, owner: TestUser, name: string): Promise<string> {
  return (await call<{ _id: string }>(base, '/canvas/createcanvas', { name }, owner.token))._id;
}

/** A rectangle as Excalidraw makes one. */
export function rectangle(id: string): Record<string, unknown> {
  return excalidrawElement({ id, index: 'a0', x: 200, y: 160, seed: 7 });
}

/**
 * Commits `elements` as `user` from another device (its own Socket.IO connection): join the
 * canvas, one `canvas-update`, its ack.
 */
export async function commitElements(
  base: string,
  user: TestUser,
  canvasId: string,
  elements: readonly Record<string, unknown>[],
): Promise<void> {
  const socket = io(base, {
    auth: { token: user.token },
    transports: ['websocket'],
    forceNew: true,
  });
  try {
    const joined = (await socket.timeout(30_000).emitWithAck('join-canvas', { canvasId })) as {
      ok: boolean;
    };
    if (!joined.ok) throw new Error(`join-canvas refused: ${JSON.stringify(joined)}`);
    const stored = (await socket.timeout(30_000).emitWithAck('canvas-update', {
      canvasId,
      eventId: crypto.randomUUID(),
      elements,
    })) as { ok: boolean };
    if (!stored.ok) throw new Error(`canvas-update refused: ${JSON.stringify(stored)}`);
  } finally {
    socket.disconnect();
  }
}
