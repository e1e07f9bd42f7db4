/**
 * `/canvas` over real HTTP (PROTOCOL.md "REST"): create, get, list, rename, delete, each with
 * its success shape and every failure with its status and message string.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  CANVAS_NOT_FOUND,
  NOT_ALLOWED,
  SAME_NAME_CANNOT_UPDATE,
} from '@tabula/domain';
import type { CanvasDetail, CanvasSummary } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('/canvas', () => {
  let server: TestServer;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob] = [await signUp(server, 'alice'), await signUp(server, 'bob')];
  });
  afterAll(() => server.close());

  describe('POST /canvas/createcanvas', () => {
    it('answers 201 with { _id, name, timestamp } of the new canvas', async () => {
      const answer = await server.post<CanvasSummary>(
        '/canvas/createcanvas',
        { name: 'Plans' },
        alice.token,
      );
      expect(answer.status).toBe(201);
      const data = answer.body.data!;
      expect(Object.keys(data).sort()).toEqual(['_id', 'name', 'timestamp']);
      expect(data.name).toBe('Plans');
      expect(Number.isNaN(Date.parse(String(data.timestamp)))).toBe(false);
    });

    it('picks a friendly two-word name when none is given', async () => {
      const answer = await server.post<CanvasSummary>('/canvas/createcanvas', {}, alice.token);
      expect(answer.status).toBe(201);
      expect(answer.body.data!.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    });

    it('answers 400 for a name that is not a string or too long, and 401 without a token', async () => {
      for (const name of [42, 'n'.repeat(101)]) {
        const answer = await server.post('/canvas/createcanvas', { name }, alice.token);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/name/i);
      }
      const anonymous = await server.post('/canvas/createcanvas', { name: 'X' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
    });
  });

  describe('GET /canvas/getcanvas/:id', () => {
    it('answers the canvas with ownerId, revision and its live elements', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Detail');
      const socket = await server.socket(alice.token);
      await emitWithAck(socket, 'canvas-update', {
        canvasId,
        eventId: freshEventId(),
        elements: [element('kept'), element('gone', { isDeleted: true })],
      });
      const answer = await server.get<CanvasDetail>(`/canvas/getcanvas/${canvasId}`, alice.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        _id: canvasId,
        name: 'Detail',
        ownerId: alice.id,
        revision: 1,
        elements: [element('kept')],
      });
      socket.disconnect();
    });

    it('answers 404 for a canvas that does not exist and for one that is not yours to see', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Private');
      for (const [id, token] of [
        ['no-such-canvas', alice.token],
        [canvasId, bob.token],
      ] as const) {
        const answer = await server.get(`/canvas/getcanvas/${id}`, token);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ success: false, message: CANVAS_NOT_FOUND });
      }
    });
  });

  describe('GET /canvas/getallcanvases', () => {
    it("lists the caller's own canvases, newest first, and nobody else's", async () => {
      const carol = await signUp(server, 'carol');
      const first = await createCanvas(server, carol.token, 'First');
      const second = await createCanvas(server, carol.token, 'Second');
      await createCanvas(server, bob.token, 'Not Carol');
      const answer = await server.get<CanvasSummary[]>('/canvas/getallcanvases', carol.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data!.map((canvas) => canvas._id)).toEqual([second, first]);
      expect(answer.body.data![0]).toEqual({
        _id: second,
        name: 'Second',
        timestamp: expect.anything(),
        editedAt: answer.body.data![0]!.timestamp,
      });
    });

    it('answers 401 without a token', async () => {
      const answer = await server.get('/canvas/getallcanvases');
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
    });
  });

  describe('POST /canvas/updatecanvasname/:id', () => {
    it('renames the canvas and answers { _id, name, timestamp }', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Old');
      const answer = await server.post<CanvasSummary>(
        `/canvas/updatecanvasname/${canvasId}`,
        { name: 'New' },
        alice.token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ _id: canvasId, name: 'New' });
      const list = await server.get<CanvasSummary[]>('/canvas/getallcanvases', alice.token);
      expect(list.body.data!.find((canvas) => canvas._id === canvasId)?.name).toBe('New');
    });

    it("answers 409 'Same name - cannot update' for the current name", async () => {
      const canvasId = await createCanvas(server, alice.token, 'Same');
      const answer = await server.post(
        `/canvas/updatecanvasname/${canvasId}`,
        { name: 'Same' },
        alice.token,
      );
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, message: SAME_NAME_CANNOT_UPDATE });
    });

    it("answers 403 'Not allowed!' to a collaborator, 404 for a missing canvas, 400 without a name", async () => {
      const canvasId = await createCanvas(server, alice.token, 'Shared');
      const [aliceSocket, bobSocket] = [
        await server.socket(alice.token),
        await server.socket(bob.token),
      ];
      await makeCollaborator(aliceSocket, bobSocket, bob.id, canvasId);
      const byCollaborator = await server.post(
        `/canvas/updatecanvasname/${canvasId}`,
        { name: 'Mine now' },
        bob.token,
      );
      expect(byCollaborator.status).toBe(403);
      expect(byCollaborator.body).toEqual({ success: false, message: NOT_ALLOWED });
      const missing = await server.post(
        '/canvas/updatecanvasname/no-such-canvas',
        { name: 'X' },
        alice.token,
      );
      expect(missing.status).toBe(404);
      const noName = await server.post(`/canvas/updatecanvasname/${canvasId}`, {}, alice.token);
      expect(noName.status).toBe(400);
      aliceSocket.disconnect();
      bobSocket.disconnect();
    });
  });

  describe('routes outside the contract', () => {
    it('an unknown route answers 404 and a wrong method 405, both in the JSON envelope', async () => {
      const unknown = await server.post('/canvas/nosuchcall', {}, alice.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: expect.any(String) });
      const wrongMethod = await server.get('/auth/loginuser');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.body).toEqual({ success: false, message: expect.any(String) });
    });
  });

  describe('POST /canvas/deletecanvas/:id', () => {
    it('deletes the canvas: answers { _id }, then it is gone from the list and from getcanvas', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Doomed');
      const answer = await server.post(`/canvas/deletecanvas/${canvasId}`, {}, alice.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ _id: canvasId });
      const list = await server.get<CanvasSummary[]>('/canvas/getallcanvases', alice.token);
      expect(list.body.data!.map((canvas) => canvas._id)).not.toContain(canvasId);
      const detail = await server.get(`/canvas/getcanvas/${canvasId}`, alice.token);
      expect(detail.status).toBe(404);
    });

    it('answers a stranger the 404 of a missing canvas', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Kept');
      const byStranger = await server.post(`/canvas/deletecanvas/${canvasId}`, {}, bob.token);
      expect(byStranger.status).toBe(404);
      expect(byStranger.body).toEqual({ success: false, message: CANVAS_NOT_FOUND });
      const missing = await server.post('/canvas/deletecanvas/no-such-canvas', {}, alice.token);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(CANVAS_NOT_FOUND);
    });

    it('answers 400 for a body with fields', async () => {
      const canvasId = await createCanvas(server, alice.token, 'Body');
      const answer = await server.post(
        `/canvas/deletecanvas/${canvasId}`,
        { force: true },
        alice.token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/force/);
    });
  });
});
