import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testServer';
import { emitWithAck, newUser, nextEvent, startTestServer } from './testServer';

describe('server smoke', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs up, creates a canvas, draws through a socket and reads the scene back', async () => {
    const signUp = await server.post<{ token: string; id: string }>('/auth/createuser', newUser());
    expect(signUp.status).toBe(201);
    const token = signUp.body.data!.token;
    const created = await server.post<{ _id: string }>(
      '/canvas/createcanvas',
      { name: 'First' },
      token,
    );
    expect(created.status).toBe(201);
    const canvasId = created.body.data!._id;
    // Two tabs of the same user: the author's own tab gets the ack, the other the change.
    const [socket, otherTab] = [await server.socket(token), await server.socket(token)];
    const joined = await emitWithAck(socket, 'join-canvas', { canvasId });
    expect(joined).toMatchObject({ ok: true, data: { kind: 'snapshot', elements: [] } });
    await emitWithAck(otherTab, 'join-canvas', { canvasId });
    const element = {
      id: 'r1',
      type: 'rectangle',
      version: 1,
      versionNonce: 5,
      isDeleted: false,
      index: 'a0',
      x: 1,
      y: 2,
      width: 10,
      height: 10,
    };
    const echo = nextEvent(otherTab, 'updated-canvas');
    const ack = await emitWithAck(socket, 'canvas-update', {
      canvasId,
      eventId: 'e-1',
      elements: [element],
    });
    expect(ack).toEqual({ ok: true, data: { revision: 1 } });
    expect(await echo).toMatchObject({ canvasId, revision: 1, elements: [element] });
    const detail = await server.get<{ elements: unknown[] }>(
      `/canvas/getcanvas/${canvasId}`,
      token,
    );
    expect(detail.body.data!.elements).toEqual([element]);
  });
});
