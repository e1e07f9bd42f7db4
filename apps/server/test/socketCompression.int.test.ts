/**
 * WebSocket compression (PROTOCOL.md "Joining a large canvas"): a join's scene travels
 * permessage-deflate compressed to a client that offers it, as counted on the wire by a TCP
 * proxy; a client that does not offer it gets the same scene as it is; `SOCKET_COMPRESSION=off`
 * (`socketCompression: false`) sends it uncompressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { JoinCanvasResult, SceneChunk } from '@tabula/domain/protocol';
import { createCanvas, element, eventMatching, freshEventId, signUp } from './scenario';
import type { Member } from './scenario';
import { startFreezableProxy } from './support/freezableProxy';
import type { FreezableProxy } from './support/freezableProxy';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const ELEMENTS = 2_000;

/** A freedraw stroke as a pen draws it: `length` points of small steps, two decimals. */
function stroke(i: number, length = 40) {
  let x = 0;
  let y = 0;
  const points = Array.from({ length }, (_, k) => {
    x += ((i * 7 + k * 13) % 50) / 10;
    y += ((i * 11 + k * 5) % 30) / 10 - 1;
    return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
  });
  return element(`stroke-${i}`, {
    type: 'freedraw',
    x: (i * 37) % 4000,
    y: (i * 53) % 3000,
    points,
    seed: 100_000 + i,
    versionNonce: 7_000 + i,
  });
}

interface Board {
  server: TestServer;
  proxy: FreezableProxy;
  owner: Member;
  canvasId: string;
}

/** A canvas of `count` strokes of `points` points, drawn by `owner`. */
async function drawnCanvas(server: TestServer, owner: Member, count: number, points = 40) {
  const canvasId = await createCanvas(server, owner.token);
  const writer = await server.socket(owner.token);
  const perUpdate = Math.floor(4_000 / points);
  for (let from = 0; from < count; from += perUpdate) {
    const length = Math.min(perUpdate, count - from);
    const elements = Array.from({ length }, (_, i) => stroke(from + i, points));
    const ack = await emitWithAck(writer, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements,
    });
    expect(ack).toMatchObject({ ok: true });
  }
  writer.disconnect();
  return canvasId;
}

async function boardOf(socketCompression: boolean): Promise<Board> {
  const server = await startTestServer({ overrides: { socketCompression } });
  const owner = await signUp(server, 'owner');
  const canvasId = await drawnCanvas(server, owner, ELEMENTS);
  return { server, proxy: await startFreezableProxy(server.url), owner, canvasId };
}

/** Joins through the proxy; the elements received and the bytes the join took on the wire. */
async function joinThroughProxy(board: Board, offerCompression = true, elements = ELEMENTS) {
  const socket: ClientSocket = connect(board.proxy.url, {
    auth: { token: board.owner.token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    // Node's WebSocket (ws) offers permessage-deflate unless told `false` (typed as an object).
    ...(offerCompression ? {} : { perMessageDeflate: false as unknown as { threshold: number } }),
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  try {
    const chunks: SceneChunk[] = [];
    socket.on('scene-chunk', (chunk) => chunks.push(chunk));
    const before = board.proxy.bytesToClients();
    const ack = await emitWithAck<JoinCanvasResult>(socket, 'join-canvas', {
      canvasId: board.canvasId,
    });
    expect(ack).toMatchObject({ ok: true, data: { kind: 'chunked', elements } });
    if (!chunks.some((chunk) => chunk.last))
      await eventMatching<SceneChunk>(socket, 'scene-chunk', (chunk) => chunk.last === true);
    const ids = chunks.flatMap((chunk) => chunk.elements.map((one) => one.id));
    return { ids, bytes: board.proxy.bytesToClients() - before };
  } finally {
    socket.disconnect();
  }
}

describe('compressed scene on the wire', () => {
  let compressed: Board;
  let plain: Board;
  beforeAll(async () => {
    [compressed, plain] = await Promise.all([boardOf(true), boardOf(false)]);
  });
  afterAll(async () => {
    for (const board of [compressed, plain]) {
      await board?.proxy.close();
      await board?.server.close();
    }
  });

  const all = Array.from({ length: ELEMENTS }, (_, i) => `stroke-${i}`);

  it('a client offering permessage-deflate gets the whole scene in at most 40 % of the bytes', async () => {
    const on = await joinThroughProxy(compressed);
    const off = await joinThroughProxy(plain);
    expect(on.ids.sort()).toEqual([...all].sort());
    expect(off.ids.sort()).toEqual([...all].sort());
    expect(on.bytes / off.bytes).toBeLessThan(0.4);
  });

  it('a client that does not offer it gets the same scene, uncompressed', async () => {
    const withoutOffer = await joinThroughProxy(compressed, false);
    const off = await joinThroughProxy(plain);
    expect(withoutOffer.ids.sort()).toEqual([...all].sort());
    // The same frames as from a server that never compresses (give or take the ids' digits).
    expect(withoutOffer.bytes / off.bytes).toBeGreaterThan(0.95);
  });

  it('a scene of few but large elements (over 192 KB of JSON) goes in chunks, compressed too', async () => {
    const canvasId = await drawnCanvas(compressed.server, compressed.owner, 100, 400);
    const json = JSON.stringify(Array.from({ length: 100 }, (_, i) => stroke(i, 400)));
    const joined = await joinThroughProxy({ ...compressed, canvasId }, true, 100);
    expect(joined.ids).toHaveLength(100);
    expect(joined.bytes / json.length).toBeLessThan(0.4);
  });
});
