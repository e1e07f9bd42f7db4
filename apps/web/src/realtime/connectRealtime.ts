import { io } from 'socket.io-client';
import { createRealtimeClient } from './realtimeClient';
import type { AppSocket, RealtimeClient } from './realtimeClient';

/**
 * Opens a socket to `url` ('' for same origin) with the token in the handshake. This module
 * is the only one importing socket.io-client, and the app loads it on demand: visitors of
 * the landing page never download it.
 */
export function connectRealtime(url: string, token: string): RealtimeClient {
  const options = { auth: { token }, transports: ['websocket', 'polling'] };
  const socket: AppSocket = url ? io(url, options) : io(options);
  return createRealtimeClient(socket);
}
