/**
 * Bounded join replies over real sockets (small bounds so a test canvas is "large"): a scene
 * beyond the bound is acked `chunked` and arrives whole in `scene-chunk` messages, each within
 * the bounds; a catch-up beyond its bound is acked `resync`, and stores or sends nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinCanvasChunked, JoinCanvasResult, SceneChunk } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import type { Member } from './scenario';
import {
  element,
  eventMatching,
  freshEventId,
  shareLink,
  sharedLargeCanvas,
  viewerSocket,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const CHUNK_ELEMENTS = 25;
const CHUNK_BYTES = 2048;

describe('join-canvas of a large scene, and a long catch-up', () => {
  let server: TestServer;
  let owner: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;
  let canvasId: string;
  let drawn: string[];

  beforeAll(async () => {
    server = await startTestServer({
      overrides: {
        liveRooms: {
          sceneStream: { chunkElements: CHUNK_ELEMENTS, chunkBytes: CHUNK_BYTES },
          catchUp: { events: 4, elements: 40 },
        },
      },
    });
    // Some elements long enough that the byte bound splits before the count.
    ({ owner, ownerSocket, guestSocket, canvasId, drawn } = await sharedLargeCanvas(server, (i) =>
      i % 7 === 0 ? { customData: { note: 'x'.repeat(600) } } : {},
    ));
  });
  afterAll(() => server.close());

  /** Joins and collects the chunks of the answer's stream until the last one. */
  async function joinChunked(socket: ClientSocket) {
    const chunks: SceneChunk[] = [];
    const listener = (chunk: SceneChunk) => chunks.push(chunk);
    socket.on('scene-chunk', listener);
    try {
      const ack = await emitWithAck<JoinCanvasResult>(socket, 'join-canvas', { canvasId });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      const answer = (ack as { data: JoinCanvasChunked }).data;
      expect(answer).toMatchObject({ kind: 'chunked', canvasId, elements: drawn.length });
      if (!chunks.some((chunk) => chunk.last))
        await eventMatching<SceneChunk>(socket, 'scene-chunk', (chunk) => chunk.last === true);
      return { answer, chunks: chunks.filter((chunk) => chunk.streamId === answer.streamId) };
    } finally {
      socket.off('scene-chunk', listener);
    }
  }

  it('acks `chunked` and sends the whole scene in bounded scene-chunk messages, in order', async () => {
    const { chunks } = await joinChunked(guestSocket);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
    expect(chunks.filter((chunk) => chunk.last)).toHaveLength(1);
    expect(chunks[chunks.length - 1]!.last).toBe(true);
    for (const chunk of chunks) {
      expect(chunk.canvasId).toBe(canvasId);
      expect(chunk.elements.length).toBeLessThanOrEqual(CHUNK_ELEMENTS);
      const bytes = chunk.elements.reduce((sum, item) => sum + JSON.stringify(item).length + 1, 0);
      const largest = Math.max(...chunk.elements.map((item) => JSON.stringify(item).length + 1));
      expect(bytes).toBeLessThanOrEqual(Math.max(CHUNK_BYTES, largest));
    }
    // The byte bound made some chunks shorter than the count bound.
    expect(chunks.length).toBeGreaterThan(Math.ceil(drawn.length / CHUNK_ELEMENTS));
    const ids = chunks.flatMap((chunk) => chunk.elements.map((item: SceneElement) => item.id));
    expect(ids.sort()).toEqual([...drawn].sort());
  });

  it('a view link viewer gets the large scene in chunks too (on the /view namespace)', async () => {
    const viewer = await viewerSocket(server, await shareLink(server, owner.token, canvasId));
    try {
      const { chunks } = await joinChunked(viewer);
      const ids = chunks.flatMap((chunk) => chunk.elements.map((item: SceneElement) => item.id));
      expect(ids.sort()).toEqual([...drawn].sort());
    } finally {
      viewer.disconnect();
    }
  });

  it('a commit made while the scene streams reaches the joiner too', async () => {
    const joined = joinChunked(guestSocket);
    const late = element('late-one');
    const updated = eventMatching<{ elements: SceneElement[] }>(
      guestSocket,
      'updated-canvas',
      (message) => message.elements.some((item) => item.id === 'late-one'),
    );
    await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [late],
    });
    const { answer, chunks } = await joined;
    const inScene = chunks.some((chunk) => chunk.elements.some((item) => item.id === 'late-one'));
    // Either in the scene it read, or as a commit after it: never lost.
    if (!inScene) await updated;
    drawn.push('late-one');
    expect(answer.revision).toBeGreaterThan(0);
  });

  it('answers `resync` when more changed since sinceRevision than a catch-up carries', async () => {
    const head = await emitWithAck<JoinCanvasResult>(ownerSocket, 'join-canvas', {
      canvasId,
      sinceRevision: 1_000_000,
    });
    expect(head.ok).toBe(true);
    // From before the first drawing: 4 commits (over 40 elements) since then.
    const ack = await emitWithAck<JoinCanvasResult>(guestSocket, 'join-canvas', {
      canvasId,
      sinceRevision: 1,
    });
    expect(ack).toEqual({ ok: true, data: { kind: 'resync', canvasId } });
  });

  it('still acks the changes of a short catch-up', async () => {
    const first = await emitWithAck<{ revision: number }>(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('short-a')],
    });
    const since = (first as { data: { revision: number } }).data.revision;
    await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('short-b')],
    });
    const ack = await emitWithAck<JoinCanvasResult>(guestSocket, 'join-canvas', {
      canvasId,
      sinceRevision: since,
    });
    expect(ack).toMatchObject({
      ok: true,
      data: { kind: 'changes', changes: [{ elements: [{ id: 'short-b' }] }] },
    });
  });
});
