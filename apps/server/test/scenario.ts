/**
 * Building blocks for the integration suites on top of `testServer.ts`: signed-up users with
 * a connected socket, canvases, a finished invitation (a collaborator), Excalidraw elements,
 * and the "nothing happened" checks (no event stored, no message received). Those never wait
 * for time: they wait for barriers, messages the server sends after any it could have sent
 * in error.
 */
import { expect } from 'vitest';
import { io as connect } from 'socket.io-client';
import { VIEW_NAMESPACE } from '@tabula/domain/protocol';
import type { AuthenticatedUser, CreatedShareLink } from '@tabula/domain/protocol';
import type { ClientSocket, TestServer } from './testServer';
import { HANG_MS, emitWithAck, newUser, nextEvent } from './testServer';
import { PointerFrames } from '../src/features/canvases/socket/pointerFrames';

/** A signed-up user: the REST answer plus the password used. */
export interface Member extends AuthenticatedUser {
  password: string;
  email: string;
}

/** Signs a fresh user up (201 expected) and returns its fields and token. */
export async function signUp(server: TestServer, name = 'user'): Promise<Member> {
  const body = newUser(name);
  const answer = await server.post<AuthenticatedUser>('/auth/createuser', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ...answer.body.data!, password: body.password, email: body.email };
}

/** Creates a canvas for `token` (201 expected) and returns its id. */
export async function createCanvas(
  server: TestServer,
  token: string,
  name = 'Board',
): Promise<string> {
  const answer = await server.post<{ _id: string }>('/canvas/createcanvas', { name }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data!._id;
}

/** Owner invites `guest` (who must have a socket) and the guest accepts: a collaborator. */
export async function makeCollaborator(
  ownerSocket: ClientSocket,
  guestSocket: ClientSocket,
  guestId: string,
  canvasId: string,
): Promise<void> {
  const invitation = nextEvent(guestSocket, 'receive-invitation');
  const invited = await emitWithAck(ownerSocket, 'invite-user', {
    toUserId: guestId,
    canvasId,
    canvasName: 'Board',
    lines: [],
  });
  expect(invited, JSON.stringify(invited)).toMatchObject({ ok: true });
  await invitation;
  const joined = nextEvent(guestSocket, 'all-collaborator-canvases');
  const accepted = await emitWithAck(guestSocket, 'accept-invitation', { canvasId });
  expect(accepted, JSON.stringify(accepted)).toMatchObject({ ok: true });
  await joined;
}

/** A valid Excalidraw element (rectangle unless overridden). */
export function element(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'rectangle',
    version: 1,
    versionNonce: 7,
    isDeleted: false,
    index: 'a0',
    x: 10,
    y: 20,
    width: 30,
    height: 40,
    ...overrides,
  };
}

let eventCounter = 0;
/** A fresh `eventId` for `canvas-update`. */
export function freshEventId(): string {
  eventCounter += 1;
  return `evt-${Date.now().toString(36)}-${eventCounter}`;
}

/** Commits `elements` as one gesture on the socket's canvas; resolves with the acked revision. */
export async function draw(
  socket: ClientSocket,
  canvasId: string,
  elements: unknown[],
): Promise<number> {
  const ack = await emitWithAck<{ revision: number }>(socket, 'canvas-update', {
    canvasId,
    eventId: freshEventId(),
    elements,
  });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: { revision: number } }).data.revision;
}

/** Number of events in the whole log. */
export async function logLength(server: TestServer): Promise<number> {
  return (await server.eventStore.readAll()).length;
}

/**
 * Collects every message the sockets receive (any event name) from now on. `stop()` detaches
 * and returns what arrived, as `[event, payload]` pairs per socket.
 */
export function recordMessages(sockets: ClientSocket[]) {
  const received: Array<Array<[string, unknown]>> = sockets.map(() => []);
  const listeners = sockets.map((socket, index) => {
    const listener = (event: string, ...args: unknown[]) => {
      received[index]!.push([event, args[0]]);
    };
    socket.onAny(listener);
    return listener;
  });
  return {
    received,
    stop() {
      sockets.forEach((socket, index) => socket.offAny(listeners[index]));
      return received;
    },
  };
}

/**
 * Presence messages go to every socket whenever anyone connects or disconnects (coalesced over
 * a few ms), and `canvas-people` to a canvas's room whenever a socket opens or closes it: they
 * are not an effect of the action under test.
 */
export const PRESENCE_EVENTS: ReadonlySet<string> = new Set([
  'get-online-users',
  'disconnected-user',
  'online-users',
  'online-users-changed',
  'canvas-people',
  'canvas-people-changed',
]);

/**
 * A round trip with the server that sends nothing back but its ack: asking for one page of the
 * people online. The server writes to one socket in order, so whatever it sent this socket
 * before it handled the request has arrived when this resolves.
 */
export async function roundTrip(socket: ClientSocket): Promise<void> {
  const answer = await emitWithAck(socket, 'list-online-users', { limit: 1 });
  expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
}

/** Per server, a user with a socket whose own canvas deletions mark the fan-out's progress. */
const fanOutProbes = new WeakMap<TestServer, Promise<{ member: Member; socket: ClientSocket }>>();

async function fanOutProbe(server: TestServer) {
  let probe = fanOutProbes.get(server);
  if (!probe) {
    probe = signUp(server, 'probe').then(async (member) => ({
      member,
      socket: await server.socket(member.token),
    }));
    fanOutProbes.set(server, probe);
  }
  return probe;
}

/**
 * Resolves once the realtime fan-out has handled every event stored so far and each of
 * `sockets` has received what it was sent meanwhile. The fan-out handles events one at a time
 * in log order and ends a canvas deletion by sending the owner its live canvases: a probe user
 * deletes a canvas of its own and waits for that message; then the pointers' frames run out
 * (a pointer at rest is re-sent a frame later) and each socket does a round trip.
 */
export async function fanOutSettled(server: TestServer, sockets: ClientSocket[]): Promise<void> {
  const probe = await fanOutProbe(server);
  const canvasId = await createCanvas(server, probe.member.token, 'Probe');
  const handled = nextEvent(probe.socket, 'get-admin-of-canvases');
  const deleted = await server.post(`/canvas/deletecanvas/${canvasId}`, {}, probe.member.token);
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  await handled;
  // A pointer that came to rest is sent once more a frame later: wait for it too.
  await PointerFrames.of(server.app.gateway.io.of('/')).settled();
  await Promise.all(sockets.map(roundTrip));
}

/**
 * Runs `action` and asserts it appended no event to the log and that none of `listeners`
 * received any message because of it (presence messages aside). Returns what `action` returned.
 *
 * First the fan-out of earlier events settles, so nothing from before is mistaken for an effect.
 * After the action's answer the log has the same length, so the fan-out has nothing new to
 * send; and the server handled the action before answering it, so a round trip per listener
 * brings in anything it sent them directly.
 */
export async function expectNoEffect<T>(
  server: TestServer,
  listeners: ClientSocket[],
  action: () => Promise<T>,
): Promise<T> {
  await fanOutSettled(server, listeners);
  const before = await logLength(server);
  const recording = recordMessages(listeners);
  const result = await action();
  expect(await logLength(server)).toBe(before);
  await Promise.all(listeners.map(roundTrip));
  const received = recording.stop().flat();
  expect(received.filter(([event]) => !PRESENCE_EVENTS.has(event))).toEqual([]);
  return result;
}

/** Resolves when the socket is disconnected by the server (rejects after `timeoutMs`: a hang). */
/**
 * Closes `socket` (a tab closing) and resolves once the server has run its `disconnect`
 * listeners (presence has been asked to drop the socket); ours is added last, so it runs after
 * them.
 */
export function closeOnServer(server: TestServer, socket: ClientSocket): Promise<void> {
  const serverSide = server.app.gateway.io.sockets.sockets.get(socket.id!);
  if (!serverSide) throw new Error(`the server does not know socket ${socket.id}`);
  const handled = new Promise<void>((resolve) => serverSide.once('disconnect', () => resolve()));
  socket.disconnect();
  return handled;
}

export function disconnection(socket: ClientSocket, timeoutMs = HANG_MS): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket stayed connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * Resolves with the first `event` whose payload satisfies `accept` (rejects after `timeoutMs`:
 * a hang).
 */
export function eventMatching<T>(
  socket: ClientSocket,
  event: string,
  accept: (payload: T) => boolean,
  timeoutMs = HANG_MS,
): Promise<T> {
  const target = socket as unknown as {
    on(event: string, listener: (payload: T) => void): void;
    off(event: string, listener: (payload: T) => void): void;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.off(event, listener);
      reject(new Error(`no matching '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    function listener(payload: T) {
      if (!accept(payload)) return;
      clearTimeout(timer);
      target.off(event, listener);
      resolve(payload);
    }
    target.on(event, listener);
  });
}

/** A view link's socket (on `/view`), once connected; rejects with the handshake's error. */
export function viewerSocket(server: TestServer, viewToken: string): Promise<ClientSocket> {
  const socket = connect(server.url + VIEW_NAMESPACE, {
    auth: { viewToken },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  }) as unknown as ClientSocket;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A new view link of the owner's canvas (201 expected): its token. */
export async function shareLink(server: TestServer, ownerToken: string, canvasId: string) {
  const link = await server.post<CreatedShareLink>(`/canvas/share/${canvasId}`, {}, ownerToken);
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  return link.body.data!.token;
}

/** A canvas of 120 elements in 3 commits, its owner and a collaborator, both connected. */
export interface SharedLargeCanvas {
  owner: Member;
  ownerSocket: ClientSocket;
  guestSocket: ClientSocket;
  canvasId: string;
  /** The ids drawn, in the order drawn. */
  drawn: string[];
}

/**
 * Builds a `SharedLargeCanvas` on `server` (large for a server with small join bounds): 3
 * commits of 40 elements `el-<commit>-<i>`, each with the extra fields `fields(i)`.
 */
export async function sharedLargeCanvas(
  server: TestServer,
  fields: (i: number) => Record<string, unknown>,
): Promise<SharedLargeCanvas> {
  const owner = await signUp(server, 'owner');
  const guest = await signUp(server, 'guest');
  const ownerSocket = await server.socket(owner.token);
  const guestSocket = await server.socket(guest.token);
  const canvasId = await createCanvas(server, owner.token);
  await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
  const drawn: string[] = [];
  for (let commit = 0; commit < 3; commit++) {
    const elements = Array.from({ length: 40 }, (_, i) => {
      drawn.push(`el-${commit}-${i}`);
      return element(`el-${commit}-${i}`, fields(i));
    });
    const ack = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements,
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  }
  return { owner, ownerSocket, guestSocket, canvasId, drawn };
}
