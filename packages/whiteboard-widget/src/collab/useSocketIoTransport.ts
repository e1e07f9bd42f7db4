import { useEffect, useState } from 'react';
import { socketIoTransport } from './socketIoTransport';
import type { SocketIoTransport, SocketIoTransportOptions } from './socketIoTransport';

/**
 * A Socket.IO transport to `url` with `token`, opened on mount and closed on unmount or when
 * either changes (`null` until opened, and while `url` or `token` is missing). Pass it to
 * `useCollaboration`.
 */
export function useSocketIoTransport(
  url: string | null | undefined,
  token: string | null | undefined,
  options?: SocketIoTransportOptions,
): SocketIoTransport | null {
  const [transport, setTransport] = useState<SocketIoTransport | null>(null);
  const ackTimeoutMs = options?.ackTimeoutMs;
  const socketOptions = options?.socketOptions;
  useEffect(() => {
    if (!url || !token) return undefined;
    const opened = socketIoTransport(url, token, { ackTimeoutMs, socketOptions });
    setTransport(opened);
    return () => {
      opened.close();
      setTransport(null);
    };
    // socketOptions is read when opening; pass a stable object to reopen on change.
  }, [url, token, ackTimeoutMs, socketOptions]);
  return transport;
}
