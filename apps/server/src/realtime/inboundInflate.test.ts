/**
 * Compressed client messages (inboundInflate.ts) against the server's real WebSocket server and
 * a real ws client that compresses every message, as Chromium does.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DeflateNegotiatingServer } from './webSocketFrames';

interface Harness {
  url: string;
  /** Each message the server received, as text, in order. */
  received: string[];
  /** The codes of the errors the server's WebSockets raised. */
  errors: string[];
  /** Resolves when the server has received `count` messages. */
  receivedCount(count: number): Promise<void>;
  close(): Promise<void>;
}

const run = promisify(execFile);

const harnesses: Harness[] = [];
/** Held thread pools' releases (after each test, even one that timed out waiting). */
const releases: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  for (const harness of harnesses.splice(0)) await harness.close();
});

/** The server's WebSocket server, upgraded through `handleUpgrade` as Engine.IO does. */
async function startServer(maxPayload = 1024 * 1024): Promise<Harness> {
  const http = createServer();
  const wss = new DeflateNegotiatingServer({ noServer: true, maxPayload });
  const received: string[] = [];
  const errors: string[] = [];
  let wake: (() => void)[] = [];
  http.on('upgrade', (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (webSocket) =>
      webSocket
        .on('message', (data: Buffer) => {
          received.push(data.toString());
          for (const resolve of wake.splice(0)) resolve();
        })
        // A refused message is an error on the server's side, as Engine.IO hears it.
        .on('error', (error: Error & { code?: string }) => errors.push(error.code ?? '')),
    ),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const harness: Harness = {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    received,
    errors,
    async receivedCount(count) {
      while (received.length < count) await new Promise<void>((resolve) => wake.push(resolve));
    },
    async close() {
      wake = [];
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
  harnesses.push(harness);
  return harness;
}

/** A client that compresses every message it sends, however small (as Chromium does). */
async function connect(url: string): Promise<WebSocket> {
  const client = new WebSocket(url, { perMessageDeflate: { threshold: 0 } });
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  expect(client.extensions).toContain('permessage-deflate');
  return client;
}

/**
 * Writes one final, masked text frame with `payload` straight to the client's socket, RSV1 set
 * (compressed): the frame a browser sends, made here without the client's compressor (which
 * runs on the thread pool).
 */
function writeCompressedFrame(client: WebSocket, payload: Buffer): void {
  if (payload.length >= 126) throw new Error('a short frame only');
  const mask = randomBytes(4);
  const frame = Buffer.concat([
    Buffer.from([0xc1, 0x80 | payload.length]),
    mask,
    payload.map((byte, index) => byte ^ mask[index % 4]!),
  ]);
  (client as unknown as { _socket: { write(data: Buffer): void } })._socket.write(frame);
}

/** `text` deflated as a browser sends it: a sync flush, its `00 00 ff ff` left out. */
function deflated(text: string): Buffer {
  const data = deflateRawSync(Buffer.from(text), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  return data.subarray(0, data.length - 4);
}

function closed(client: WebSocket): Promise<number> {
  return new Promise((resolve) => client.once('close', (code) => resolve(code)));
}

/**
 * Holds every thread of libuv's pool in this process: each opens a FIFO for reading, which
 * blocks until a writer opens it. Work queued after them waits until `release`, whose writers
 * are a shell's (a child process needs no thread of the pool), after the test.
 */
async function holdThreadPool(): Promise<void> {
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const dir = mkdtempSync(path.join(tmpdir(), 'tabula-pool-'));
  const fifos = Array.from({ length: threads }, (_, index) => path.join(dir, `fifo${index}`));
  await run('mkfifo', fifos);
  const readers = fifos.map((fifo) => open(fifo, 'r'));
  releases.push(async () => {
    await run('sh', ['-c', 'for fifo in "$@"; do : > "$fifo"; done', 'sh', ...fifos]);
    for (const reader of await Promise.all(readers)) await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

describe('compressed messages from a client', () => {
  it('inflates a small message at once, even while every thread of the pool is busy', async () => {
    const server = await startServer();
    const client = await connect(server.url);
    await holdThreadPool();
    const ink = '42["ink",{"canvasId":"c1","patches":[{"id":"e1","fromIndex":3}]}]';
    writeCompressedFrame(client, deflated(ink));
    // Through the pool this would wait for the held threads (released after the test).
    await server.receivedCount(1);
    expect(server.received).toEqual([ink]);
    client.close();
  });

  it('delivers messages of every size intact and in order, fragmented ones too', async () => {
    const server = await startServer();
    const client = await connect(server.url);
    // Random text barely compresses: well past the in-turn limit once deflated.
    const large = randomBytes(48 * 1024).toString('base64');
    const sent = [
      'small 1',
      large,
      'small 2',
      'fragment a|fragment b',
      'small 3',
      'x'.repeat(200_000),
    ];
    client.send(sent[0]!);
    client.send(sent[1]!);
    client.send(sent[2]!);
    client.send('fragment a|', { fin: false });
    client.send('fragment b', { fin: true });
    client.send(sent[4]!);
    client.send(sent[5]!);
    await server.receivedCount(sent.length);
    expect(server.received).toEqual(sent);
    client.close();
  });

  it('closes with 1009 a message that inflates past the limit; the server goes on', async () => {
    const server = await startServer(1024);
    const client = await connect(server.url);
    const code = closed(client);
    client.send('0'.repeat(100_000)); // a few hundred bytes compressed
    expect(await code).toBe(1009);
    expect(server.received).toEqual([]);
    expect(server.errors).toEqual(['WS_ERR_UNSUPPORTED_MESSAGE_LENGTH']);
    const next = await connect(server.url);
    next.send('still here');
    await server.receivedCount(1);
    expect(server.received).toEqual(['still here']);
    next.close();
  });

  it('closes with 1007 a message whose compressed data is not deflate', async () => {
    const server = await startServer();
    const client = await connect(server.url);
    const code = closed(client);
    writeCompressedFrame(client, Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]));
    expect(await code).toBe(1007);
    expect(server.received).toEqual([]);
    expect(server.errors).toEqual(['Z_DATA_ERROR']); // zlib's code, as ws gives it
  });
});
