import { BehaviorSubject, EMPTY, map, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import type { ServerEventName } from '@tabula/domain/protocol';
import type { RealtimeClient, ServerPayload } from './realtimeClient';

/**
 * The app's one realtime connection over time: opened with a session token, replaced on the
 * next sign-in, closed on sign-out. Event streams outlive connections: `events(name)` follows
 * whichever client is current.
 */
export interface RealtimeSession {
  /** The current client, or null when signed out. */
  current(): RealtimeClient | null;
  readonly client$: Observable<RealtimeClient | null>;
  /** The token of the current connection. */
  token(): string | null;
  /** Opens a connection for `token` (closing any other); resolves once the client exists. */
  connect(token: string): Promise<RealtimeClient>;
  disconnect(): void;
  /** Payloads of a server event from whichever connection is current. */
  events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>>;
  /** The server ended the current connection's session (see `RealtimeClient.sessionEnded$`). */
  readonly sessionEnded$: Observable<void>;
}

/** Creates a session that opens connections with `open` (tests pass a fake). */
export function createRealtimeSession(
  open: (token: string) => RealtimeClient | Promise<RealtimeClient>,
): RealtimeSession {
  const client$ = new BehaviorSubject<{ client: RealtimeClient; token: string } | null>(null);
  const clients = client$.pipe(map((entry) => entry?.client ?? null));
  let pending: { token: string; promise: Promise<RealtimeClient> } | null = null;

  function disconnect() {
    pending = null;
    const entry = client$.getValue();
    if (entry) {
      client$.next(null);
      entry.client.close();
    }
  }

  return {
    current: () => client$.getValue()?.client ?? null,
    client$: clients,
    token: () => client$.getValue()?.token ?? null,
    connect(token) {
      const entry = client$.getValue();
      if (entry && entry.token === token) return Promise.resolve(entry.client);
      if (pending && pending.token === token) return pending.promise;
      disconnect();
      const promise: Promise<RealtimeClient> = Promise.resolve(open(token)).then((client) => {
        if (pending?.promise !== promise) {
          // A sign-out or another sign-in came first: this connection is not wanted.
          client.close();
          throw new Error('Realtime connection superseded');
        }
        pending = null;
        client$.next({ client, token });
        return client;
      });
      pending = { token, promise };
      return promise;
    },
    disconnect,
    events: (event) => clients.pipe(switchMap((client) => (client ? client.on(event) : EMPTY))),
    sessionEnded$: clients.pipe(switchMap((client) => (client ? client.sessionEnded$ : EMPTY))),
  };
}
