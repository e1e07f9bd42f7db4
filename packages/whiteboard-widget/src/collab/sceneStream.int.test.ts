/**
 * The sync engine against the real server with small bounds: a scene beyond the bound is
 * downloaded over HTTP when the transport can, else (or when the download fails) it arrives in
 * `scene-chunk` messages and the client puts it back together; a catch-up beyond its bound is
 * answered `resync` and the client loads the whole scene instead, converging with its peer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { Subject, merge } from 'rxjs';
import type { CanvasResync, JoinCanvasPayload, JoinCanvasResult } from '@tabula/domain/protocol';
import { rect } from '../test/elements';
import { until } from '../test/testBoard';
import { open, visibleIds } from '../test/engineServer';
import type { Transport } from './Transport';

let server: InMemoryServer;
beforeAll(async () => {
  server = await startInMemoryServer({
    liveRooms: {
      sceneStream: { chunkElements: 10, chunkBytes: 1024 },
      catchUp: { events: 3, elements: 30 },
    },
  });
});
afterAll(() => server?.close());

async function sharedCanvas() {
  const alice = await server.createUserAndToken('alice');
  const bob = await server.createUserAndToken('bob');
  const canvasId = await server.createCanvas(alice.token, 'big');
  await server.addCollaborator(alice.userId, canvasId, bob.userId);
  return { alice, bob, canvasId };
}

/** Records the kinds of `join-canvas` answers the engine gets. */
function recordJoins(kinds: string[]) {
  return (transport: Transport): Transport => ({
    ...transport,
    async request(event, payload) {
      const result = await transport.request(event, payload);
      if (event === 'join-canvas' && result.ok) kinds.push((result.data as JoinCanvasResult).kind);
      return result;
    },
  });
}

/** The transport without `download`: large scenes come in chunks. */
function withoutDownload(transport: Transport): Transport {
  const { download: _download, ...rest } = transport;
  return rest;
}

/** Ids whose `a<id>` index is a valid fractional index (letters and digits, no trailing 0). */
const ids = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}z`);

describe('CollaborationClient and bounded join replies', () => {
  /** Alice's canvas with 95 elements, shared with Bob. */
  async function largeCanvas() {
    const shared = await sharedCanvas();
    const a = await open(server.url, shared.alice, shared.canvasId);
    const drawn = ids('big', 95);
    for (let start = 0; start < drawn.length; start += 19)
      a.board.draw(drawn.slice(start, start + 19).map((id) => rect(id)));
    await until(a, () => a.client.pendingCount === 0, 'the acks');
    return { ...shared, drawn };
  }

  it('downloads a large scene over HTTP when the transport can', async () => {
    const { bob, canvasId, drawn } = await largeCanvas();
    const kinds: string[] = [];
    const b = await open(server.url, bob, canvasId, {}, true, recordJoins(kinds));
    expect(kinds).toEqual(['download']);
    expect(visibleIds(b).sort()).toEqual(drawn);
    expect(b.client.status).toBe('live');
  });

  it('reassembles a scene that came in chunks', async () => {
    const { bob, canvasId, drawn } = await largeCanvas();
    const kinds: string[] = [];
    const b = await open(server.url, bob, canvasId, {}, true, (transport) =>
      withoutDownload(recordJoins(kinds)(transport)),
    );
    expect(kinds).toEqual(['chunked']);
    expect(visibleIds(b).sort()).toEqual(drawn);
    expect(b.client.status).toBe('live');
  });

  it('joins again for chunks when the download is refused', async () => {
    const { bob, canvasId, drawn } = await largeCanvas();
    const kinds: string[] = [];
    const statuses: number[] = [];
    const b = await open(server.url, bob, canvasId, {}, true, (transport) => ({
      ...recordJoins(kinds)(transport),
      // Someone else used the ticket first (or the request reached another node): 404.
      async download(path) {
        await transport.download!(path);
        const refused = await transport.download!(path);
        statuses.push(refused.status);
        return refused;
      },
    }));
    expect(statuses).toEqual([404]);
    expect(kinds).toEqual(['download', 'chunked']);
    expect(visibleIds(b).sort()).toEqual(drawn);
    expect(b.client.status).toBe('live');
  });

  it('answers a long catch-up with resync; the client loads the scene and converges', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    a.board.draw([rect('first')]);
    await until(a, () => a.client.pendingCount === 0, 'the first ack');
    const kinds: string[] = [];
    const b = await open(server.url, bob, canvasId, {}, true, recordJoins(kinds));
    await until(b, () => visibleIds(b).includes('first'), 'the first element at Bob');

    b.transport.socket.disconnect();
    await until(b, () => b.client.status === 'offline', 'offline');
    const meanwhile = ids('off', 40);
    for (let start = 0; start < meanwhile.length; start += 8)
      a.board.draw(meanwhile.slice(start, start + 8).map((id) => rect(id)));
    await until(a, () => a.client.pendingCount === 0, 'Alice’s acks');
    b.board.draw([rect('bobsown')]);

    b.transport.socket.connect();
    await until(
      b,
      () => b.client.status === 'live' && b.client.pendingCount === 0,
      'Bob live again, his change sent',
    );
    // The catch-up (5 commits) was over the bound: resync, then the whole scene (downloaded).
    expect(kinds.slice(1)).toEqual(['resync', 'download']);
    const expected = ['bobsown', 'first', ...meanwhile].sort();
    // The joined scene reaches the board at its next frame, after the status says live.
    await until(b, () => visibleIds(b).length === expected.length, 'the whole scene at Bob');
    expect(visibleIds(b).sort()).toEqual(expected);
    await until(a, () => visibleIds(a).includes('bobsown'), 'Bob’s change at Alice');
    expect(visibleIds(a).sort()).toEqual(expected);
  });

  it('on canvas-resync joins again for the whole scene and stays live', async () => {
    const { alice, bob, canvasId } = await sharedCanvas();
    const a = await open(server.url, alice, canvasId);
    a.board.draw([rect('one')]);
    await until(a, () => a.client.pendingCount === 0, 'the ack');
    const resync = new Subject<CanvasResync>();
    const sinces: (number | undefined)[] = [];
    const b = await open(server.url, bob, canvasId, {}, true, (transport) => ({
      ...transport,
      events(event) {
        const real = transport.events(event);
        return (event === 'canvas-resync' ? merge(real, resync) : real) as typeof real;
      },
      async request(event, payload) {
        if (event === 'join-canvas') sinces.push((payload as JoinCanvasPayload).sinceRevision);
        return transport.request(event, payload);
      },
    }));
    a.board.draw([rect('two')]);
    await until(b, () => visibleIds(b).includes('two'), 'the second element at Bob');
    resync.next({ canvasId: 'another-canvas' });
    resync.next({ canvasId });
    await until(b, () => sinces.length === 2 && b.client.status === 'live', 'the join again');
    a.board.draw([rect('three')]);
    await until(b, () => visibleIds(b).includes('three'), 'a later change at Bob');
    // Once, for this canvas only, and without sinceRevision: the whole scene.
    expect(sinces).toEqual([undefined, undefined]);
    expect(visibleIds(b).sort()).toEqual(['one', 'three', 'two']);
  });
});
