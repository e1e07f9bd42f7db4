/**
 * A TCP proxy in front of a server that can take its clients offline the way a dropped
 * network does: `offline()` stops every byte both ways without closing anything (each side
 * only notices through its own heartbeats) and refuses new connections; `online()` lets what
 * was held through, including a close either side made meanwhile. `bytesToClients()` counts
 * what the server sent through it, as it went on the wire.
 */
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';

export interface FreezableProxy {
  url: string;
  offline(): void;
  online(): void;
  /** Bytes the server sent to the proxy's clients so far. */
  bytesToClients(): number;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: string): Promise<FreezableProxy> {
  const { hostname, port } = new URL(target);
  const live = new Set<Socket>();
  let isOffline = false;
  let toClients = 0;

  /** Forwards `from` to `to`, holding back (not reading) while offline or while `to` is full. */
  function forward(from: Socket, to: Socket) {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!isOffline) from.resume();
    });
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => {
      live.delete(from);
      to.destroy();
    });
  }

  const server = createServer((client) => {
    if (isOffline) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    live.add(client);
    live.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
    upstream.on('data', (chunk: Buffer) => (toClients += chunk.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    offline() {
      isOffline = true;
      for (const socket of live) socket.pause();
    },
    online() {
      isOffline = false;
      for (const socket of live) socket.resume();
    },
    bytesToClients: () => toClients,
    async close() {
      for (const socket of live) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
