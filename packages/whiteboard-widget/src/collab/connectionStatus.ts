import type { Observable } from 'rxjs';
import { fromEvent, map, merge, of, startWith } from 'rxjs';
import type { TransportStatus } from './Transport';

/**
 * Where the client stands: `connecting` (first connection), `joining` the canvas, `live` on
 * it, `reconnecting` (was live, the transport is trying again), `offline` (the browser is
 * offline or the transport gave up), `signed-out` (the server refused the session; changes are
 * kept), or `closed`.
 */
export type CollaborationStatus =
  'connecting' | 'joining' | 'live' | 'reconnecting' | 'offline' | 'signed-out' | 'closed';

/** The status while not joined, from the transport's state, the network and whether it was live. */
export function disconnectedStatus(
  transport: Exclude<TransportStatus, 'connected'>,
  online: boolean,
  wasLive: boolean,
): CollaborationStatus {
  if (transport === 'unauthorized') return 'signed-out';
  if (!online || transport === 'disconnected') return 'offline';
  return wasLive ? 'reconnecting' : 'connecting';
}

/**
 * The status from the transport's state, whether the canvas is joined, the network and
 * whether it was live. A connected transport decides: `navigator.onLine` can say false while
 * the socket works (acks arrive), so it only tells `offline` from `reconnecting` when the
 * transport is not connected.
 */
export function collaborationStatus(
  transport: TransportStatus,
  live: boolean,
  online: boolean,
  wasLive: boolean,
): CollaborationStatus {
  if (transport === 'connected') return live ? 'live' : 'joining';
  return disconnectedStatus(transport, online, wasLive);
}

/**
 * Whether a join is on its way or done (`connecting`, `joining`, `live`): the board then waits
 * for the server's scene rather than show a copy kept on the device.
 */
export function joinCanAnswer(status: CollaborationStatus): boolean {
  return status === 'connecting' || status === 'joining' || status === 'live';
}

/** The browser's `navigator.onLine` and its changes (always true outside a browser). */
export function browserOnline(): Observable<boolean> {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return of(true);
  return merge(
    fromEvent(window, 'online').pipe(map(() => true)),
    fromEvent(window, 'offline').pipe(map(() => false)),
  ).pipe(startWith(navigator.onLine !== false));
}
