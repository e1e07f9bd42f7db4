import { useEffect, useState } from 'react';
import { BehaviorSubject, EMPTY, of, switchMap } from 'rxjs';
import type { Observable } from 'rxjs';
import { socketTransport, TransportError } from '@tabula/whiteboard/collab';
import type { TabulaSocket, Transport } from '@tabula/whiteboard/collab';
import type { RealtimeClient } from '../../realtime/realtimeClient';

/**
 * A board's `Transport` over whichever realtime connection the app has now: none yet (a reload
 * without network starts signed in from the kept session, and the app opens its socket only
 * once the server has confirmed the session), then the app's one socket, then the next one
 * after a sign-in. With no socket it says `connecting` (the engine shows `offline` while the
 * browser is offline) and fails every request at once, so the engine opens a canvas kept on
 * the device and keeps what is drawn in its outbox until a socket comes.
 */
export function followingTransport(clients: Observable<RealtimeClient | null>): Transport {
  const current = new BehaviorSubject<Transport | null>(null);
  let socket: TabulaSocket | null = null;
  const subscription = clients.subscribe((client) => {
    const next = (client?.socket ?? null) as TabulaSocket | null;
    if (next === socket) return;
    socket = next;
    const previous = current.value;
    // The new one first: the old one's closing 'disconnected' is heard by nobody.
    current.next(next ? socketTransport(next) : null);
    previous?.close();
  });
  let closed = false;

  return {
    status$: current.pipe(
      switchMap((inner) => (inner ? inner.status$ : of('connecting' as const))),
    ),
    events: (event) => current.pipe(switchMap((inner) => (inner ? inner.events(event) : EMPTY))),
    request(event, payload) {
      const inner = current.value;
      if (closed) return Promise.reject(new TransportError('closed'));
      if (!inner) return Promise.reject(new TransportError('disconnected'));
      return inner.request(event, payload);
    },
    pointer: (payload) => current.value?.pointer(payload),
    ink: (payload) => current.value?.ink(payload),
    inkWritable: () => current.value?.inkWritable?.() ?? false,
    download(path) {
      const download = current.value?.download;
      if (!download) return Promise.reject(new TransportError('disconnected'));
      return download(path);
    },
    close() {
      if (closed) return;
      closed = true;
      subscription.unsubscribe();
      current.value?.close();
      current.next(null);
      current.complete();
    },
  };
}

/**
 * `followingTransport` for as long as the board is mounted: made and closed in one effect
 * (React StrictMode's second mount gets a fresh one), `null` before the first effect.
 */
export function useFollowingTransport(
  clients: Observable<RealtimeClient | null>,
): Transport | null {
  const [transport, setTransport] = useState<Transport | null>(null);
  useEffect(() => {
    const opened = followingTransport(clients);
    setTransport(opened);
    return () => {
      opened.close();
      setTransport(null);
    };
  }, [clients]);
  return transport;
}
