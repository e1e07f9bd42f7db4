/**
 * View links on the real server (SQLite, in-memory read models, real Socket.IO clients): the
 * owner creates, lists and revokes them; a viewer with no account sees the live board
 * read-only and nothing else; revoking or deleting disconnects viewers at once; only the
 * link's hash is ever stored. Every call as owner, collaborator, stranger and signed-out.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CANVAS_NOT_FOUND,
  MAX_SHARE_LINKS,
  NOT_ALLOWED,
  SHARE_LINK_NOT_FOUND,
  TOO_MANY_SHARE_LINKS,
} from '@tabula/domain';
import type { CreatedShareLink, ShareLinkSummary, ViewLinkInfo } from '@tabula/domain/protocol';
import { VIEW_TOKEN_HEADER, filePath } from '@tabula/domain/protocol';
import { imageBytes, uploadOf } from '../src/features/canvases/files/files.testkit';
import {
  createCanvas,
  disconnection,
  element,
  freshEventId,
  makeCollaborator,
  signUp,
  viewerSocket,
} from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('view links', () => {
  let server: TestServer;
  const viewers: ClientSocket[] = [];
  afterEach(async () => {
    for (const viewer of viewers.splice(0)) viewer.disconnect();
    await server?.close();
  });

  async function ownedCanvas() {
    server = await startTestServer();
    const owner = await signUp(server, 'owner');
    const guest = await signUp(server, 'guest');
    const stranger = await signUp(server, 'stranger');
    const ownerSocket = await server.socket(owner.token);
    const guestSocket = await server.socket(guest.token);
    const canvasId = await createCanvas(server, owner.token, 'Shown');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    return { owner, guest, stranger, ownerSocket, canvasId };
  }

  const share = (canvasId: string, token?: string) =>
    server.post<CreatedShareLink>(`/canvas/share/${canvasId}`, {}, token);

  /** A viewer socket on the link, once connected (rejects with the handshake's error). */
  async function viewer(viewToken: string): Promise<ClientSocket> {
    const socket = await viewerSocket(server, viewToken);
    viewers.push(socket);
    return socket;
  }

  async function draw(socket: ClientSocket, canvasId: string, id: string) {
    const ack = await emitWithAck(socket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element(id)],
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  }

  it('the owner creates, lists and revokes links; every other caller is refused, nothing stored', async () => {
    const { owner, guest, stranger, canvasId } = await ownedCanvas();
    const created = await share(canvasId, owner.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.body.data!;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const listed = await server.get<ShareLinkSummary[]>(`/canvas/shares/${canvasId}`, owner.token);
    expect(listed.body.data).toEqual([{ linkId: link.linkId, createdAt: link.createdAt }]);
    const opened = await server.get<ViewLinkInfo>(`/canvas/view/${link.token}`);
    expect([opened.status, opened.body.data]).toEqual([200, { canvasId, name: 'Shown' }]);

    const eventsBefore = (await server.eventStore.readAll()).length;
    const refusals = [
      [await share(canvasId, guest.token), 403, NOT_ALLOWED],
      [await share(canvasId, stranger.token), 404, CANVAS_NOT_FOUND],
      [await share(canvasId), 401, undefined],
      [await share('no-such-canvas', owner.token), 404, CANVAS_NOT_FOUND],
      [await server.get(`/canvas/shares/${canvasId}`, guest.token), 403, NOT_ALLOWED],
      [await server.get(`/canvas/shares/${canvasId}`, stranger.token), 404, CANVAS_NOT_FOUND],
      [await server.get(`/canvas/shares/${canvasId}`), 401, undefined],
      [
        await server.post(`/canvas/unshare/${canvasId}`, { linkId: link.linkId }, guest.token),
        403,
        NOT_ALLOWED,
      ],
      [
        await server.post(`/canvas/unshare/${canvasId}`, { linkId: link.linkId }, stranger.token),
        404,
        CANVAS_NOT_FOUND,
      ],
      [await server.post(`/canvas/unshare/${canvasId}`, {}, owner.token), 400, undefined],
      [
        await server.post(`/canvas/unshare/${canvasId}`, { linkId: 'unknown' }, owner.token),
        404,
        SHARE_LINK_NOT_FOUND,
      ],
      [await server.get('/canvas/view/not-a-token'), 404, SHARE_LINK_NOT_FOUND],
      [await server.get(`/canvas/view/${'A'.repeat(43)}`), 404, SHARE_LINK_NOT_FOUND],
    ] as const;
    for (const [answer, status, message] of refusals) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.success).toBe(false);
      if (message) expect(answer.body.message).toBe(message);
    }
    expect((await server.eventStore.readAll()).length).toBe(eventsBefore);

    for (let i = 1; i < MAX_SHARE_LINKS; i += 1)
      expect((await share(canvasId, owner.token)).status).toBe(201);
    const tooMany = await share(canvasId, owner.token);
    expect([tooMany.status, tooMany.body.message]).toEqual([409, TOO_MANY_SHARE_LINKS]);

    const revoked = await server.post(
      `/canvas/unshare/${canvasId}`,
      { linkId: link.linkId },
      owner.token,
    );
    expect(revoked.status).toBe(200);
    expect((await server.get(`/canvas/view/${link.token}`)).status).toBe(404);
    const after = await server.get<ShareLinkSummary[]>(`/canvas/shares/${canvasId}`, owner.token);
    expect(after.body.data!.map((summary) => summary.linkId)).not.toContain(link.linkId);
    // The history names the link's creation and revocation, never its token.
    const history = await server.get<{ entries: { type: string }[] }>(
      `/canvas/history/${canvasId}?types=ShareLinkCreated,ShareLinkRevoked&limit=100`,
      owner.token,
    );
    expect(history.body.data!.entries.map((entry) => entry.type)).toContain('ShareLinkRevoked');
    expect(JSON.stringify(history.body)).not.toContain(link.token);
  });

  it('a viewer sees the live board read-only, nothing about its people, and cannot draw', async () => {
    const { owner, ownerSocket, canvasId } = await ownedCanvas();
    await draw(ownerSocket, canvasId, 'before');
    const { token } = (await share(canvasId, owner.token)).body.data!;
    const socket = await viewer(token);
    const received: string[] = [];
    socket.onAny((event: string) => received.push(event));

    const joined = await emitWithAck<{ elements: { id: string }[] }>(socket, 'join-canvas', {
      canvasId,
    });
    expect(joined, JSON.stringify(joined)).toMatchObject({ ok: true, data: { kind: 'snapshot' } });
    expect(
      (joined as { data: { elements: { id: string }[] } }).data.elements.map((e) => e.id),
    ).toEqual(['before']);
    // Someone comes online (a presence broadcast to the app's sockets), then a stroke: the
    // viewer gets the stroke and nothing else.
    await server.socket((await signUp(server, 'passer-by')).token);
    const stroke = nextEvent<{ elements: { id: string }[] }>(socket, 'updated-canvas');
    await draw(ownerSocket, canvasId, 'live');
    expect((await stroke).elements.map((e) => e.id)).toEqual(['live']);
    expect(received).toEqual(['updated-canvas']);

    const drawn = await emitWithAck(socket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [element('vandal')],
    });
    expect(drawn).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    const other = await createCanvas(server, owner.token, 'Private');
    const peek = await emitWithAck(socket, 'join-canvas', { canvasId: other });
    expect(peek).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND },
    });
    const scene = await server.get<{ elements: { id: string }[] }>(
      `/canvas/getcanvas/${canvasId}`,
      owner.token,
    );
    expect(scene.body.data!.elements.map((e) => e.id)).toEqual(['before', 'live']);
  });

  it('revoking the link or deleting the canvas disconnects its viewers at once; the link then opens nothing', async () => {
    const { owner, canvasId } = await ownedCanvas();
    const first = (await share(canvasId, owner.token)).body.data!;
    const second = (await share(canvasId, owner.token)).body.data!;
    const [a, b] = [await viewer(first.token), await viewer(second.token)];
    await emitWithAck(a, 'join-canvas', { canvasId });
    await emitWithAck(b, 'join-canvas', { canvasId });

    const aGone = disconnection(a);
    await server.post(`/canvas/unshare/${canvasId}`, { linkId: first.linkId }, owner.token);
    expect(await aGone).toBe('io server disconnect');
    expect(b.connected).toBe(true);
    await expect(viewer(first.token)).rejects.toMatchObject({ message: SHARE_LINK_NOT_FOUND });

    const bGone = disconnection(b);
    await server.post(`/canvas/deletecanvas/${canvasId}`, {}, owner.token);
    expect(await bGone).toBe('io server disconnect');
    await expect(viewer(second.token)).rejects.toMatchObject({ message: SHARE_LINK_NOT_FOUND });
  });

  it("a viewer reads the canvas's image files with the link, and only while it opens that canvas", async () => {
    const { owner, canvasId } = await ownedCanvas();
    const bytes = imageBytes('image/png');
    const fileId = `f${randomUUID().replaceAll('-', '')}`;
    const uploaded = await server.post(
      filePath(canvasId),
      uploadOf(fileId, 'image/png', bytes),
      owner.token,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const other = await createCanvas(server, owner.token, 'Other');
    const [link, otherLink] = [
      (await share(canvasId, owner.token)).body.data!,
      (await share(other, owner.token)).body.data!,
    ];
    const read = (viewToken?: string) =>
      fetch(server.url + filePath(canvasId, fileId), {
        headers: viewToken ? { [VIEW_TOKEN_HEADER]: viewToken } : {},
      });
    const shown = await read(link.token);
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await read(otherLink.token)).status).toBe(404);
    expect((await read('A'.repeat(43))).status).toBe(404);
    expect((await read()).status).toBe(404);
    await server.post(`/canvas/unshare/${canvasId}`, { linkId: link.linkId }, owner.token);
    expect((await read(link.token)).status).toBe(404);
  });

  it('keeps only the hash of a link: its token is nowhere in the data directory', async () => {
    const { owner, canvasId } = await ownedCanvas();
    const { token } = (await share(canvasId, owner.token)).body.data!;
    await server.app.context.snapshotsSettled();
    const files = readdirSync(server.dataDir).map((file) => path.join(server.dataDir, file));
    expect(files.some((file) => readFileSync(file).includes(token))).toBe(false);
  });
});
