/**
 * Building blocks for the integration suites on top of `testServer.ts`: signed-up users with
 * a connected socket, canvases, a finished invitation (a collaborator), Excalidraw elements,
 * and the "nothing happened" checks (no event stored, no message received).
 */
import { expect } from 'vitest';
import type { AuthenticatedUser } from '@tabula/domain/protocol';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, newUser, nextEvent } from './testServer';

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

/** Waits `ms` (the short "receives nothing" window). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `action` and asserts it appended no event to the log and that none of `listeners`
 * received any message within ~200 ms. Returns what `action` returned.
 */
export async function expectNoEffect<T>(
  server: TestServer,
  listeners: ClientSocket[],
  action: () => Promise<T>,
): Promise<T> {
  const before = await logLength(server);
  const recording = recordMessages(listeners);
  const result = await action();
  await pause(200);
  const received = recording.stop();
  expect(await logLength(server)).toBe(before);
  expect(received.flat()).toEqual([]);
  return result;
}

/** Resolves when the socket is disconnected by the server (rejects after `timeoutMs`). */
export function disconnection(socket: ClientSocket, timeoutMs = 3000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket stayed connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Resolves with the first `event` whose payload satisfies `accept` (rejects after `timeoutMs`). */
export function eventMatching<T>(
  socket: ClientSocket,
  event: string,
  accept: (payload: T) => boolean,
  timeoutMs = 3000,
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
