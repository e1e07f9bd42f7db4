import { io } from 'socket.io-client';
import { VIEW_NAMESPACE } from '@tabula/domain/protocol';
import { socketTransport } from './socketTransport';
import type { TabulaSocket } from './socketTransport';
import type { SocketIoTransport, SocketIoTransportOptions } from './socketIoTransport';

/**
 * A transport for a view link: no account, the link's token instead
 * (`io(url + '/view', { auth: { viewToken } })`). The collaboration client joins and follows
 * the canvas through it like through any transport; show the board with `readOnly`, so there
 * is nothing to commit. Pointer and ink are not sent (the server takes neither from a viewer).
 * A revoked link, or a deleted canvas, ends it: the status becomes `unauthorized`.
 */
export function viewLinkTransport(
  url: string,
  viewToken: string,
  options: SocketIoTransportOptions = {},
): SocketIoTransport {
  const socket: TabulaSocket = io(`${url.replace(/\/$/, '')}${VIEW_NAMESPACE}`, {
    ...options.socketOptions,
    auth: { viewToken },
  });
  const transport = socketTransport(socket, { serverUrl: url, ...options });
  return {
    ...transport,
    socket,
    pointer: () => undefined,
    ink: () => undefined,
    close(): void {
      transport.close();
      socket.disconnect();
    },
  };
}
