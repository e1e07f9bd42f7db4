import { useEffect, useState } from 'react';
import { socketTransport } from './socketTransport';
import type { SocketTransportOptions, TabulaSocket } from './socketTransport';
import type { Transport } from './Transport';

/**
 * A `Transport` over a socket the host owns, for as long as the component is mounted (`null`
 * before the first effect and without a socket). Made and closed in one effect, so React
 * StrictMode's mount → unmount → mount gets a fresh transport instead of a closed one (as a
 * `useMemo` plus a closing effect would). Closing it leaves the canvas rooms it joined; the
 * socket stays connected. Pass it to `useCollaboration`.
 */
export function useSocketTransport(
  socket: TabulaSocket | null | undefined,
  options?: SocketTransportOptions,
): Transport | null {
  const [transport, setTransport] = useState<Transport | null>(null);
  const ackTimeoutMs = options?.ackTimeoutMs;
  useEffect(() => {
    if (!socket) return undefined;
    const opened = socketTransport(socket, { ackTimeoutMs });
    setTransport(opened);
    return () => {
      opened.close();
      setTransport(null);
    };
  }, [socket, ackTimeoutMs]);
  return transport;
}
