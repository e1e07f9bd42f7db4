import { filter, firstValueFrom } from 'rxjs';
import type { AckResult } from '@tabula/domain/protocol';
import { socketIoTransport } from '../collab/socketIoTransport';
import type { SocketIoTransport } from '../collab/socketIoTransport';

/** A signed-up user and their session. */
export interface TestUser {
  id: string;
  username: string;
  profilePhoto: string;
  token: string;
}

interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success || envelope.data === undefined) {
    throw new Error(`${method} ${path} → ${response.status} ${envelope.message ?? ''}`);
  }
  return envelope.data;
}

/** Signs up a user through REST (`POST /auth/createuser`). */
export async function signUp(base: string, username: string): Promise<TestUser> {
  const data = await call<TestUser>(base, 'POST', '/auth/createuser', {
    name: username,
    username,
    email: `${username}@example.test`,
    password: 'correct horse battery',
  });
  return {
    id: data.id,
    username: data.username,
    profilePhoto: data.profilePhoto,
    token: data.token,
  };
}

/** Creates a canvas owned by `owner` and returns its id. */
export async function createCanvas(base: string, owner: TestUser, name: string): Promise<string> {
  const data = await call<{ _id: string }>(
    base,
    'POST',
    '/canvas/createcanvas',
    { name },
    owner.token,
  );
  return data._id;
}

/** The canvas' scene as the server holds it (`GET /canvas/getcanvas/:id`). */
export async function fetchScene(
  base: string,
  user: TestUser,
  canvasId: string,
): Promise<{ id: string; version: number; isDeleted: boolean }[]> {
  const data = await call<{ elements: { id: string; version: number; isDeleted: boolean }[] }>(
    base,
    'GET',
    `/canvas/getcanvas/${canvasId}`,
    undefined,
    token(user),
  );
  return data.elements;
}

function token(user: TestUser): string {
  return user.token;
}

type ClientSocket = SocketIoTransport['socket'];

/** A socket of `user` (through the widget's own transport), announced online. */
async function connect(base: string, user: TestUser): Promise<ClientSocket> {
  const transport = socketIoTransport(base, user.token, {
    socketOptions: { transports: ['websocket'], forceNew: true },
  });
  await firstValueFrom(transport.status$.pipe(filter((status) => status === 'connected')));
  const { socket } = transport;
  await socket.timeout(5000).emitWithAck('online', {
    userId: user.id,
    username: user.username,
    profilePhoto: user.profilePhoto,
  });
  return socket;
}

function unwrap<T>(result: AckResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} refused: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/**
 * Makes `guest` a collaborator of `owner`'s canvas the way the app does: both online, the
 * owner invites, the guest accepts. Returns a function that closes the two setup sockets.
 */
export async function shareCanvas(
  base: string,
  owner: TestUser,
  guest: TestUser,
  canvasId: string,
): Promise<() => void> {
  const ownerSocket = await connect(base, owner);
  const guestSocket = await connect(base, guest);
  const invited = new Promise<void>((resolve) =>
    guestSocket.once('receive-invitation', () => resolve()),
  );
  unwrap(
    await ownerSocket
      .timeout(5000)
      .emitWithAck('invite-user', { toUserId: guest.id, canvasId, lines: [], canvasName: 'e2e' }),
    'invite-user',
  );
  await invited;
  unwrap(
    await guestSocket.timeout(5000).emitWithAck('accept-invitation', { canvasId }),
    'accept-invitation',
  );
  return () => {
    ownerSocket.disconnect();
    guestSocket.disconnect();
  };
}

/**
 * Commits `elements` to the canvas as `user` (join, one `canvas-update`, its ack), the way a
 * client that just drew them does, and closes that connection.
 */
export async function drawOnCanvas(
  base: string,
  user: TestUser,
  canvasId: string,
  elements: readonly Record<string, unknown>[],
): Promise<void> {
  const socket = await connect(base, user);
  try {
    unwrap(await socket.timeout(5000).emitWithAck('join-canvas', { canvasId }), 'join-canvas');
    unwrap(
      await socket.timeout(5000).emitWithAck('canvas-update', {
        canvasId,
        eventId: crypto.randomUUID(),
        elements: elements as never,
      }),
      'canvas-update',
    );
  } finally {
    socket.disconnect();
  }
}

/** Creates a view link of `canvasId` (`POST /canvas/share/:id`): its id and secret token. */
export function createViewLink(
  base: string,
  owner: TestUser,
  canvasId: string,
): Promise<{ linkId: string; token: string }> {
  return call(base, 'POST', `/canvas/share/${canvasId}`, {}, owner.token);
}

/** Revokes a view link (`POST /canvas/unshare/:id`). */
export async function revokeViewLink(
  base: string,
  owner: TestUser,
  canvasId: string,
  linkId: string,
): Promise<void> {
  await call(base, 'POST', `/canvas/unshare/${canvasId}`, { linkId }, owner.token);
}
