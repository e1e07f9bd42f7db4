import type { Socket } from 'socket.io-client';
import { firstValueFrom, from, map, Observable, race, share, take, timeout } from 'rxjs';
import { SOMETHING_WENT_WRONG } from '@tabula/domain';
import type {
  AckResult,
  ClientToServerEvents,
  CollaboratorCanvas,
  InviteUserPayload,
  ListOnlineUsersPayload,
  OnlinePayload,
  OnlineUsersPage,
  RemoveUserPayload,
  ServerEventName,
  ServerToClientEvents,
} from '@tabula/domain/protocol';

/** The typed Socket.IO client socket of the domain's contract. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The payload a server event carries. */
export type ServerPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** How long an acknowledged request may take before it fails. */
export const ACK_TIMEOUT_MS = 8000;

/**
 * The app's realtime connection: received events as rxjs Observables and the spec's
 * requests (section 7) as Promises resolving to the server's ack data.
 */
export interface RealtimeClient {
  readonly socket: AppSocket;
  /** Every payload of a server event, while subscribed. */
  on<E extends ServerEventName>(event: E): Observable<ServerPayload<E>>;
  /** true on each connect, false on each disconnect. */
  readonly connected$: Observable<boolean>;
  /**
   * Emits when the server ends this session: it disconnects the socket itself (the session was
   * signed out elsewhere) or refuses the handshake as not authenticated.
   */
  readonly sessionEnded$: Observable<void>;
  /**
   * Resolves once connected, however many attempts that takes; rejects with the server's reason
   * when the handshake is refused.
   */
  whenConnected(): Promise<void>;
  /** `check-if-logged-in`: true when another device of this user is online. */
  checkLoggedInElsewhere(userId: string): Promise<boolean>;
  online(user: OnlinePayload): void;
  /** `list-online-users`: one page of everyone online, with photos (the popup). */
  listOnlineUsers(page?: ListOnlineUsersPayload): Promise<OnlineUsersPage>;
  getAllCollaboratorCanvases(): Promise<CollaboratorCanvas[]>;
  inviteUser(payload: InviteUserPayload): Promise<void>;
  acceptInvitation(canvasId: string): Promise<void>;
  removeUser(payload: RemoveUserPayload): Promise<void>;
  /** `can-leave-canvas`: the `success` of `if-leave-canvas`. */
  canLeaveCanvas(canvasId: string): Promise<boolean>;
  leaveCanvas(canvasId: string): Promise<void>;
  deleteCanvas(canvasId: string): Promise<void>;
  logOut(userId: string): Promise<void>;
  close(): void;
}

/** A refused or unanswered realtime request; `message` is the server's. */
export class RealtimeError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.name = 'RealtimeError';
    this.code = code;
  }
}

interface LooseEmitter {
  timeout(ms: number): { emit(event: string, ...args: unknown[]): void };
}

/** Wraps an existing socket (tests pass a fake one). */
export function createRealtimeClient(socket: AppSocket): RealtimeClient {
  const streams = new Map<string, Observable<unknown>>();

  function on<E extends ServerEventName>(event: E): Observable<ServerPayload<E>> {
    let stream = streams.get(event);
    if (!stream) {
      stream = new Observable<unknown>((subscriber) => {
        const listener = (payload: unknown) => subscriber.next(payload);
        const loose = socket as unknown as {
          on(e: string, l: (p: unknown) => void): void;
          off(e: string, l: (p: unknown) => void): void;
        };
        loose.on(event, listener);
        return () => loose.off(event, listener);
      }).pipe(share());
      streams.set(event, stream);
    }
    return stream as Observable<ServerPayload<E>>;
  }

  const connected$ = new Observable<boolean>((subscriber) => {
    const up = () => subscriber.next(true);
    const down = () => subscriber.next(false);
    socket.on('connect', up);
    socket.on('disconnect', down);
    return () => {
      socket.off('connect', up);
      socket.off('disconnect', down);
    };
  }).pipe(share());

  const sessionEnded$ = new Observable<void>((subscriber) => {
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') subscriber.next();
    };
    const onConnectError = (error: Error & { data?: { code?: unknown } }) => {
      if (error.data?.code === 'NOT_AUTHENTICATED') subscriber.next();
    };
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
    };
  }).pipe(share());

  function whenConnected(): Promise<void> {
    if (socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const stop = () => {
        socket.off('connect', onConnect);
        socket.off('connect_error', onError);
      };
      const onConnect = () => {
        stop();
        resolve();
      };
      const onError = (error: Error & { data?: { code?: unknown } }) => {
        // A connection that failed (offline, timed out) is tried again by Socket.IO: wait for
        // it. A refused handshake is final.
        if (socket.active && error.data?.code !== 'NOT_AUTHENTICATED') return;
        stop();
        reject(new RealtimeError(error.message || SOMETHING_WENT_WRONG, 'NOT_AUTHENTICATED'));
      };
      socket.on('connect', onConnect);
      socket.on('connect_error', onError);
    });
  }

  function request<T>(event: string, ...args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const emitter = (socket as unknown as LooseEmitter).timeout(ACK_TIMEOUT_MS);
      emitter.emit(event, ...args, (err: Error | null, result?: AckResult<T>) => {
        if (err || !result) {
          reject(new RealtimeError(SOMETHING_WENT_WRONG, 'TIMEOUT'));
        } else if (result.ok) {
          resolve(result.data);
        } else {
          reject(new RealtimeError(result.error.message, result.error.code));
        }
      });
    });
  }

  /** Answers from the ack or from the matching server event, whichever comes first. */
  function ackOrEvent<E extends ServerEventName, T>(
    answer: E,
    pick: (payload: ServerPayload<E>) => T,
    event: string,
    ...args: unknown[]
  ): Promise<T> {
    const viaEvent = on(answer).pipe(take(1), map(pick));
    const viaAck = from(request<ServerPayload<E>>(event, ...args)).pipe(map(pick));
    return firstValueFrom(race(viaEvent, viaAck).pipe(timeout(ACK_TIMEOUT_MS)));
  }

  return {
    socket,
    on,
    connected$,
    sessionEnded$,
    whenConnected,
    async checkLoggedInElsewhere(userId) {
      await whenConnected();
      return ackOrEvent('if-logged-in', (p) => p.success, 'check-if-logged-in', userId);
    },
    online(user) {
      socket.emit('online', user);
    },
    listOnlineUsers: (page = {}) => request('list-online-users', page),
    getAllCollaboratorCanvases: () => request('get-all-collaborator-canvases'),
    inviteUser: async (payload) => {
      await request('invite-user', payload);
    },
    acceptInvitation: async (canvasId) => {
      await request('accept-invitation', { canvasId });
    },
    removeUser: async (payload) => {
      await request('remove-user', payload);
    },
    canLeaveCanvas: (canvasId) =>
      ackOrEvent('if-leave-canvas', (p) => p.success, 'can-leave-canvas', canvasId),
    leaveCanvas: async (canvasId) => {
      await request('leave-canvas', { canvasId });
    },
    deleteCanvas: async (canvasId) => {
      await request('delete-canvas', canvasId);
    },
    logOut: async (userId) => {
      await request('log-out', userId);
    },
    close() {
      socket.disconnect();
    },
  };
}
