/** Calls and waits on a tab's socket, typed loosely: the cluster test speaks the wire protocol. */
import type { SocketIoTransport } from '@tabula/whiteboard/collab';
import { START_GUARD_MS } from './processes';

type Socket = SocketIoTransport['socket'];
interface Loose {
  emit(event: string, ...args: unknown[]): void;
  on(event: string, listener: (payload: unknown) => void): void;
  off(event: string, listener: (payload: unknown) => void): void;
}

export interface AckResult<T = unknown> {
  ok: boolean;
  data?: T;
  error?: { code: string; message: string };
}

/** Emits `event` with an ack and resolves with it. */
export function call<T = unknown>(socket: Socket, event: string, ...args: unknown[]) {
  return new Promise<AckResult<T>>((resolve) =>
    (socket as unknown as Loose).emit(event, ...args, resolve),
  );
}

/** Resolves with the first `event` whose payload satisfies `matches` (a hang guard only). */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  matches: (payload: T) => boolean = () => true,
): Promise<T> {
  const loose = socket as unknown as Loose;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      loose.off(event, listener);
      reject(new Error(`no matching '${event}' within ${START_GUARD_MS} ms`));
    }, START_GUARD_MS);
    function listener(payload: unknown) {
      if (!matches(payload as T)) return;
      clearTimeout(timer);
      loose.off(event, listener);
      resolve(payload as T);
    }
    loose.on(event, listener);
  });
}

/** Resolves once the socket is connected. */
export function connected(socket: Socket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve) => socket.once('connect', () => resolve()));
}

/**
 * Resolves once `socket` hears that `userId` is online, in whichever form its handshake asked
 * for: the deltas (`online-users`, `online-users-changed`) or the spec's `get-online-users`.
 */
export function hearsOnline(socket: Socket, userId: string): Promise<void> {
  const listed = (users: { userId: string }[] = []) => users.some((user) => user.userId === userId);
  interface Payload {
    users?: { userId: string }[];
    joined?: { userId: string }[];
  }
  const says: Record<string, (payload: Payload) => boolean> = {
    'online-users': (list) => listed(list.users),
    'online-users-changed': (change) => listed(change.joined),
    'get-online-users': (users) => userId in users,
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.offAny(listener);
      reject(new Error(`never heard that ${userId} is online within ${START_GUARD_MS} ms`));
    }, START_GUARD_MS);
    function listener(event: string, payload: Payload) {
      if (!says[event]?.(payload)) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve();
    }
    socket.onAny(listener);
  });
}
