import { io } from 'socket.io-client';
import { POINTER_FRAMES, PRESENCE_DELTAS } from '@tabula/domain/protocol';
import { createRealtimeClient } from './realtimeClient';
import type { AppSocket, RealtimeClient } from './realtimeClient';

/**
 * Opens a socket to `url` ('' for same origin) with the token in the handshake. This module
 * is the only one importing socket.io-client, and the app loads it on demand: visitors of
 * the landing page never download it.
 */
export function connectRealtime(url: string, token: string): RealtimeClient {
  // Presence as one initial list and deltas (`online-users`, `online-users-changed`), not the
  // whole list on every change; the All Online Users popup pages it (`list-online-users`).
  // Peers' cursors a frame at a time (`pointer-frame`), not a message per peer.
  const options = {
    auth: { token, presence: PRESENCE_DELTAS, pointers: POINTER_FRAMES },
    transports: ['websocket', 'polling'],
  };
  const socket: AppSocket = url ? io(url, options) : io(options);
  return createRealtimeClient(socket);
}
