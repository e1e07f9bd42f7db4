/**
 * GET /canvas/thumbnail/:id on the real app: who may see a canvas's picture (owner,
 * collaborator, stranger, signed out), the 204 of an empty canvas, the ETag revalidation
 * (304 while unchanged, a new picture after a change), the picture's escaping, and the
 * canvas list's `editedAt`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import type { CanvasSummary } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

interface Picture {
  status: number;
  headers: Headers;
  text: string;
}

describe('GET /canvas/thumbnail/:id', () => {
  let server: TestServer;
  let owner: Member;
  let collaborator: Member;
  let stranger: Member;
  let ownerSocket: ClientSocket;
  let canvasId: string;
  /** The app's clock: each drawing happens a minute after the last. */
  let now = Date.parse('2026-03-01T10:00:00.000Z');

  function thumbnail(id: string, token?: string, etag?: string): Promise<Picture> {
    const headers: Record<string, string> = {};
    if (token) headers['auth-token'] = token;
    // A browser revalidating its cached copy (fetch alone would add `no-cache`: a forced reload).
    if (etag) Object.assign(headers, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    return fetch(`${server.url}/canvas/thumbnail/${id}`, { headers }).then(async (answer) => ({
      status: answer.status,
      headers: answer.headers,
      text: await answer.text(),
    }));
  }

  async function draw(elements: Record<string, unknown>[]): Promise<void> {
    now += 60_000;
    const ack = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements,
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  }

  beforeAll(async () => {
    server = await startTestServer({ overrides: { clock: { now: () => new Date(now) } } });
    [owner, collaborator, stranger] = await Promise.all([
      signUp(server, 'owner'),
      signUp(server, 'collab'),
      signUp(server, 'stranger'),
    ]);
    ownerSocket = await server.socket(owner.token);
    const collaboratorSocket = await server.socket(collaborator.token);
    canvasId = await createCanvas(server, owner.token, 'Pictured');
    await makeCollaborator(ownerSocket, collaboratorSocket, collaborator.id, canvasId);
    await draw([element('box', { strokeColor: '#1971c2', backgroundColor: '#a5d8ff' })]);
  });
  afterAll(() => server.close());

  it('shows the owner and a collaborator the drawing as an SVG that browsers revalidate', async () => {
    for (const member of [owner, collaborator]) {
      const picture = await thumbnail(canvasId, member.token);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(picture.headers.get('cache-control')).toBe('private, no-cache');
      expect(picture.headers.get('etag')).toMatch(/^"\d+-r\d+"$/);
      expect(picture.headers.get('content-security-policy')).toBe("default-src 'none'");
      expect(picture.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(picture.text).toMatch(/<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+"/);
      expect(picture.text).toContain('stroke="#1971c2"');
      expect(picture.text).toContain('fill="#a5d8ff"');
    }
  });

  it('gives a stranger and a signed-out caller the 404 of a missing canvas', async () => {
    const signedOut = await signUp(server, 'gone');
    await server.post('/auth/logout', {}, signedOut.token);
    const missing = await thumbnail('no-such-canvas', owner.token);
    expect(missing.status).toBe(404);
    for (const token of [stranger.token, signedOut.token, undefined]) {
      const answer = await thumbnail(canvasId, token);
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(missing.text);
      expect(JSON.parse(answer.text)).toMatchObject({ success: false, message: CANVAS_NOT_FOUND });
    }
  });

  it('answers 304 while the canvas is unchanged, and the new drawing after a change', async () => {
    const first = await thumbnail(canvasId, owner.token);
    const etag = first.headers.get('etag')!;
    const again = await thumbnail(canvasId, owner.token, etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // An old ETag never reveals anything to whoever may not read the canvas.
    expect((await thumbnail(canvasId, stranger.token, etag)).status).toBe(404);

    await draw([element('oval', { type: 'ellipse', index: 'a1', x: 200, y: 200 })]);
    const changed = await thumbnail(canvasId, owner.token, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.text).toContain('<ellipse');
  });

  it('answers 204 for a canvas with nothing drawn, or whose drawing was all erased', async () => {
    const empty = await createCanvas(server, owner.token, 'Empty');
    const answer = await thumbnail(empty, owner.token);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');

    await draw([
      element('box', { version: 9, isDeleted: true }),
      element('oval', { type: 'ellipse', index: 'a1', version: 9, isDeleted: true }),
    ]);
    expect((await thumbnail(canvasId, owner.token)).status).toBe(204);
  });

  it('escapes what the drawing holds, so an element cannot inject markup', async () => {
    await draw([
      element('note', {
        type: 'text',
        index: 'a2',
        version: 3,
        text: '</text><script>alert(1)</script>',
        strokeColor: '"/><script>alert(2)</script>',
        fontSize: 20,
      }),
    ]);
    const picture = await thumbnail(canvasId, collaborator.token);
    expect(picture.status).toBe(200);
    expect(picture.text).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(picture.text).not.toContain('<script');
    expect(picture.text).not.toContain('alert(2)');
  });

  it('lists when each canvas was last drawn on, not when it was renamed', async () => {
    const list = async () =>
      (await server.get<CanvasSummary[]>('/canvas/getallcanvases', owner.token)).body.data!.find(
        (canvas) => canvas._id === canvasId,
      )!;
    const before = await list();
    expect(before.timestamp).toBe('2026-03-01T10:00:00.000Z');
    expect(before.editedAt).toBe(new Date(now).toISOString());
    now += 60_000;
    await server.post(`/canvas/updatecanvasname/${canvasId}`, { name: 'Renamed' }, owner.token);
    expect((await list()).editedAt).toBe(before.editedAt);
    await draw([element('late', { index: 'a3' })]);
    expect((await list()).editedAt).toBe(new Date(now).toISOString());
  });
});
