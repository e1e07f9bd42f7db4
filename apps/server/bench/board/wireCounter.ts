/**
 * A counting TCP proxy in front of the Tabula server: a browser context opened on its URL
 * sends everything through it, and it counts the bytes the server sends back, in all and on
 * WebSocket connections (the Socket.IO transport) and in answers to scene downloads (a large
 * join's scene over HTTP), exactly as they crossed the wire: headers, framing and whatever
 * compression the two ends agreed on.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface WireBytes {
  /** Bytes the server sent on every connection. */
  total: number;
  /** Bytes the server sent on WebSocket connections. */
  webSocket: number;
  /** Bytes the server sent answering `GET /canvas/scene-download/…`. */
  sceneDownload: number;
}

/** A request's first line (a chunk of a request body never starts like one). */
const REQUEST_LINE = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+)/;

export interface WireCounter {
  url: string;
  /** The bytes sent so far (take two and subtract for a step's bytes). */
  bytes(): WireBytes;
  close(): Promise<void>;
}

export async function startWireCounter(target: string): Promise<WireCounter> {
  const { hostname, port } = new URL(target);
  const counted: WireBytes = { total: 0, webSocket: 0, sceneDownload: 0 };
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    let webSocket = false;
    /** The request being answered is a scene download (Chromium does not pipeline). */
    let sceneDownload = false;
    client.once('data', (first: Buffer) => {
      // An upgrade request names itself in its first bytes.
      webSocket = /^GET [^\r\n]*transport=websocket/.test(first.subarray(0, 512).toString());
    });
    client.on('data', (chunk: Buffer) => {
      const request = REQUEST_LINE.exec(chunk.subarray(0, 512).toString());
      if (request) sceneDownload = request[1]!.startsWith('/canvas/scene-download/');
    });
    upstream.on('data', (chunk: Buffer) => {
      counted.total += chunk.length;
      if (webSocket) counted.webSocket += chunk.length;
      if (sceneDownload) counted.sceneDownload += chunk.length;
    });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    bytes: () => ({ ...counted }),
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
