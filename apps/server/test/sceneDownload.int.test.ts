/**
 * A large scene over HTTP (small bounds so a test canvas is "large"): a join that asks for
 * `download` is acked with a one-time path instead of chunks, and `GET` on it answers the
 * scene as one gzipped JSON array, to any origin, once. What each bad request gets: a used,
 * unknown or malformed ticket 404 with its message; `download` that is not a boolean an error
 * ack, and the canvas stays as it was.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_DOWNLOAD_NOT_FOUND } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { JoinCanvasDownload, JoinCanvasResult, SceneChunk } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import { shareLink, sharedLargeCanvas, viewerSocket } from './scenario';
import { rawGetEncoded } from './rawGet';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('a large scene downloaded over HTTP', () => {
  let server: TestServer;
  let owner: Member;
  let guestSocket: ClientSocket;
  let canvasId: string;
  let drawn: string[];

  beforeAll(async () => {
    server = await startTestServer({
      overrides: { liveRooms: { sceneStream: { chunkElements: 25, chunkBytes: 2048 } } },
    });
    ({ owner, guestSocket, canvasId, drawn } = await sharedLargeCanvas(server, () => ({
      customData: { note: 'é✓'.repeat(20) },
    })));
  });
  afterAll(() => server.close());

  async function joinForDownload(socket: ClientSocket): Promise<JoinCanvasDownload> {
    const ack = await emitWithAck<JoinCanvasResult>(socket, 'join-canvas', {
      canvasId,
      download: true,
    });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    return (ack as { data: JoinCanvasDownload }).data;
  }

  /** The scene's ids, sorted, after checking it comes in scene order (by `index`). */
  const idsOf = (body: Buffer) => {
    const scene = JSON.parse(body.toString('utf8')) as SceneElement[];
    const indexes = scene.map((item) => item.index ?? '');
    expect(indexes).toEqual([...indexes].sort());
    return scene.map((item) => item.id).sort();
  };
  const sorted = () => [...drawn].sort();

  it('acks `download` with a path, sends no chunk, and the path answers the scene', async () => {
    const chunks: SceneChunk[] = [];
    const listener = (chunk: SceneChunk) => chunks.push(chunk);
    guestSocket.on('scene-chunk', listener);
    try {
      const answer = await joinForDownload(guestSocket);
      expect(answer).toMatchObject({ kind: 'download', canvasId, elements: drawn.length });
      expect(answer.path).toMatch(/^\/canvas\/scene-download\/[A-Za-z0-9_-]{32}$/);

      const { headers, body } = await rawGetEncoded(server.url + answer.path, 'gzip');
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['access-control-allow-origin']).toBe('*');
      const json = gunzipSync(body);
      expect(idsOf(json)).toEqual(sorted());
      // `bytes` counts UTF-16 units: the body's UTF-8 bytes for ASCII, up to 3 times that else.
      expect(answer.bytes).toBeLessThanOrEqual(json.length);
      expect(answer.bytes * 3).toBeGreaterThanOrEqual(json.length);
      // A ping answers after the ack and the download: any chunk would have come before it.
      await emitWithAck(guestSocket, 'join-canvas', { canvasId, sinceRevision: answer.revision });
      expect(chunks).toEqual([]);
    } finally {
      guestSocket.off('scene-chunk', listener);
    }
  });

  it('answers plain JSON to a client that takes no gzip', async () => {
    const br = await rawGetEncoded(server.url + (await joinForDownload(guestSocket)).path, 'br');
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(idsOf(br.body)).toEqual(sorted());
    const plain = await rawGetEncoded(server.url + (await joinForDownload(guestSocket)).path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(idsOf(plain.body)).toEqual(sorted());
  });

  it('a ticket works once; a used, unknown or malformed one answers 404', async () => {
    const { path } = await joinForDownload(guestSocket);
    expect((await fetch(server.url + path)).status).toBe(200);
    for (const url of [
      path,
      '/canvas/scene-download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/canvas/scene-download/not-a-ticket',
    ]) {
      const again = await fetch(server.url + url);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ success: false, message: SCENE_DOWNLOAD_NOT_FOUND });
    }
  });

  it('a view link viewer that asks for it downloads the scene too', async () => {
    const viewer = await viewerSocket(server, await shareLink(server, owner.token, canvasId));
    try {
      const answer = await joinForDownload(viewer);
      expect(answer.kind).toBe('download');
      const response = await fetch(server.url + answer.path);
      expect(idsOf(Buffer.from(await response.arrayBuffer()))).toEqual(sorted());
    } finally {
      viewer.disconnect();
    }
  });

  it('refuses a `download` that is not true or false, and the canvas stays as it was', async () => {
    const ack = await emitWithAck(guestSocket, 'join-canvas', { canvasId, download: 'yes' });
    expect(ack).toMatchObject({
      ok: false,
      error: { code: 'INVALID', message: 'download must be true or false.' },
    });
    const answer = await joinForDownload(guestSocket);
    expect(answer.elements).toBe(drawn.length);
  });
});
