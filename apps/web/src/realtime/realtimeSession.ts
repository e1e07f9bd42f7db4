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
  /** Opens a connection for `token` (closing any other) and returns it. */
  connect(token: string): RealtimeClient;
  disconnect(): void;
  /** Payloads of a server event from whichever connection is current. */
  events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>>;
}

/** Creates a session that opens connections with `open` (tests pass a fake). */
export function createRealtimeSession(open: (token: string) => RealtimeClient): RealtimeSession {
  const client$ = new BehaviorSubject<{ client: RealtimeClient; token: string } | null>(null);
  const clients = client$.pipe(map((entry) => entry?.client ?? null));

  function disconnect() {
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
      if (entry && entry.token === token) return entry.client;
      disconnect();
      const client = open(token);
      client$.next({ client, token });
      return client;
    },
    disconnect,
    events: (event) => clients.pipe(switchMap((client) => (client ? client.on(event) : EMPTY))),
  };
}
