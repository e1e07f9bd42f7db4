/**
 * Image files of canvases, end to end on the real server with its files in the SQLite file of
 * its data directory: upload and fetch, who may do either, deletion that erases the bytes
 * unless another canvas uses them, and forks. The refusals are in filesRefusals.int.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import { FILE_ID_TAKEN, FILE_NOT_FOUND, MAX_FILE_BYTES, filePath } from '@tabula/domain/protocol';
import {
  dataDirHolds,
  imageBytes,
  sqliteFilesDir,
  uploadOf,
} from '../src/features/canvases/files/files.testkit';
import type { FileStore } from '../src/infrastructure/files/fileStore';
import { openSqliteFileStore } from '../src/infrastructure/files/sqliteFileStore';
import type { Member } from './scenario';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { ApiAnswer, ClientSocket, TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

function upload(
  server: TestServer,
  canvasId: string,
  body: unknown,
  token?: string,
): Promise<ApiAnswer> {
  return server.post(filePath(canvasId), body, token);
}

interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** GET of a file: the raw answer (bytes, not JSON). */
async function fetchFile(
  server: TestServer,
  canvasId: string,
  fileId: string,
  token?: string,
): Promise<RawAnswer> {
  const response = await fetch(server.url + filePath(canvasId, fileId), {
    headers: token ? { 'auth-token': token } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The JSON envelope of a raw answer (a refusal). */
function envelopeOf(answer: RawAnswer): { success: boolean; message?: string } {
  return JSON.parse(answer.bytes.toString('utf8'));
}

const SAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill:red"/><use href="#r"/></svg>';

describe('image files', () => {
  const kit = sqliteFilesDir();
  let server: TestServer;
  /** The file store opened again by the restart test. */
  let reopened: FileStore | undefined;
  const members = {} as Record<'owner' | 'collaborator' | 'stranger' | 'signedOut', Member>;
  const sockets: ClientSocket[] = [];
  let canvasId: string;
  let fileCounter = 0;
  const freshFileId = () => `f${(fileCounter += 1)}${randomBytes(8).toString('hex')}`;

  /** The owner uploads `bytes` as `fileId` (201 expected). */
  async function stored(target: string, fileId: string, mimeType: string, bytes: Buffer | string) {
    const answer = await upload(
      server,
      target,
      uploadOf(fileId, mimeType, bytes),
      members.owner.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  beforeAll(async () => {
    server = await startTestServer({ dataDir: kit.dataDir, overrides: { files: kit.files } });
    for (const role of ['owner', 'collaborator', 'stranger', 'signedOut'] as const)
      members[role] = await signUp(server, role.slice(0, 8));
    canvasId = await createCanvas(server, members.owner.token, 'Pictures');
    const [owner, collaborator] = await Promise.all(
      [members.owner, members.collaborator].map((member) => server.socket(member.token)),
    );
    sockets.push(owner!, collaborator!);
    await makeCollaborator(owner!, collaborator!, members.collaborator.id, canvasId);
    await server.post('/auth/logout', {}, members.signedOut.token);
  });
  afterAll(async () => {
    await server.close();
    await reopened?.close();
    await kit.close();
  });

  it('stores an upload once and answers its bytes to the owner and collaborators', async () => {
    const bytes = imageBytes('image/png');
    const fileId = freshFileId();
    const before = await kit.files.count();
    const first = await upload(
      server,
      canvasId,
      uploadOf(fileId, 'image/png', bytes),
      members.owner.token,
    );
    expect([first.status, first.body.data]).toEqual([
      201,
      { fileId, mimeType: 'image/png', size: bytes.length, hash: expect.any(String) },
    ]);
    const again = await upload(
      server,
      canvasId,
      uploadOf(fileId, 'image/png', bytes),
      members.collaborator.token,
    );
    expect(again.status).toBe(200);
    expect(await kit.files.count()).toBe(before + 1);

    for (const member of [members.owner, members.collaborator]) {
      const answer = await fetchFile(server, canvasId, fileId, member.token);
      expect(answer.status).toBe(200);
      expect(answer.bytes.equals(bytes)).toBe(true);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('takes an image of exactly 4 MB: its base64 body fits the upload limit', async () => {
    const bytes = imageBytes('image/png', MAX_FILE_BYTES - 8);
    const body = uploadOf(freshFileId(), 'image/png', bytes);
    expect(JSON.stringify(body).length).toBeGreaterThan(5_500_000);
    const answer = await upload(server, canvasId, body, members.owner.token);
    expect([answer.status, (answer.body.data as { size: number }).size]).toEqual([
      201,
      MAX_FILE_BYTES,
    ]);
    const read = await fetchFile(server, canvasId, body.fileId, members.collaborator.token);
    expect(read.bytes.equals(bytes)).toBe(true);
  });

  it.each(['image/jpeg', 'image/gif', 'image/webp'] as const)(
    'takes a %s image with its magic number',
    async (mimeType) => {
      const bytes = imageBytes(mimeType, 512);
      const fileId = freshFileId();
      await stored(canvasId, fileId, mimeType, bytes);
      const read = await fetchFile(server, canvasId, fileId, members.owner.token);
      expect([read.headers.get('content-type'), read.bytes.equals(bytes)]).toEqual([
        mimeType,
        true,
      ]);
    },
  );

  it('serves a clean SVG sandboxed by its own Content-Security-Policy', async () => {
    const fileId = freshFileId();
    await stored(canvasId, fileId, 'image/svg+xml', SAFE_SVG);
    const read = await fetchFile(server, canvasId, fileId, members.collaborator.token);
    expect(read.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(read.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(read.bytes.toString('utf8')).toBe(SAFE_SVG);
  });

  it('refuses another image under a fileId already used on the canvas (409)', async () => {
    const fileId = freshFileId();
    await upload(
      server,
      canvasId,
      uploadOf(fileId, 'image/png', imageBytes('image/png')),
      members.owner.token,
    );
    const before = await kit.files.count();
    const other = uploadOf(fileId, 'image/png', imageBytes('image/png'));
    const answer = await upload(server, canvasId, other, members.collaborator.token);
    expect([answer.status, answer.body.message]).toEqual([409, FILE_ID_TAKEN]);
    expect(await kit.files.count()).toBe(before);
  });

  it('answers strangers, signed-out callers and missing canvases the 404 of a missing canvas', async () => {
    const fileId = freshFileId();
    const body = uploadOf(fileId, 'image/png', imageBytes('image/png'));
    await upload(server, canvasId, body, members.owner.token);
    const before = await kit.files.count();
    const callers: [string, string | undefined, string][] = [
      ['stranger', members.stranger.token, canvasId],
      ['signed-out', members.signedOut.token, canvasId],
      ['no token', undefined, canvasId],
      ['missing canvas', members.owner.token, 'no-such-canvas'],
    ];
    for (const [who, token, target] of callers) {
      const uploaded = await upload(
        server,
        target,
        uploadOf(freshFileId(), 'image/png', imageBytes('image/png')),
        token,
      );
      expect([who, uploaded.status, uploaded.body.message]).toEqual([who, 404, CANVAS_NOT_FOUND]);
      const read = await fetchFile(server, target, fileId, token);
      expect([who, read.status, envelopeOf(read).message]).toEqual([who, 404, CANVAS_NOT_FOUND]);
    }
    expect(await kit.files.count()).toBe(before);
    const unknown = await fetchFile(server, canvasId, 'never-uploaded', members.owner.token);
    expect([unknown.status, envelopeOf(unknown).message]).toEqual([404, FILE_NOT_FOUND]);
  });

  it("erases a deleted canvas's bytes from the data directory unless another canvas uses them", async () => {
    const other = await createCanvas(server, members.owner.token, 'Other');
    const own = imageBytes('image/png', 4096);
    const shared = imageBytes('image/webp', 4096);
    const doomed = await createCanvas(server, members.owner.token, 'Doomed');
    for (const [target, fileId, mimeType, bytes] of [
      [doomed, 'own', 'image/png', own],
      [doomed, 'shared', 'image/webp', shared],
      [other, 'shared-copy', 'image/webp', shared],
    ] as const) {
      await stored(target, fileId, mimeType, bytes);
    }
    const tail = (bytes: Buffer) => bytes.subarray(bytes.length - 64);
    expect(dataDirHolds(server.dataDir, tail(own))).toBe(true);

    const deleted = await server.post(`/canvas/deletecanvas/${doomed}`, {}, members.owner.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(dataDirHolds(server.dataDir, tail(own))).toBe(false);
    expect(dataDirHolds(server.dataDir, tail(shared))).toBe(true);
    const gone = await fetchFile(server, doomed, 'own', members.owner.token);
    expect([gone.status, envelopeOf(gone).message]).toEqual([404, CANVAS_NOT_FOUND]);
    const kept = await fetchFile(server, other, 'shared-copy', members.owner.token);
    expect(kept.bytes.equals(shared)).toBe(true);

    const removed = await server.post(`/canvas/deletecanvas/${other}`, {}, members.owner.token);
    expect(removed.status).toBe(200);
    expect(dataDirHolds(server.dataDir, tail(shared))).toBe(false);
  });

  it('gives a fork the files its scene shows, kept once the origin is deleted, and no others', async () => {
    const origin = await createCanvas(server, members.owner.token, 'Origin');
    const shown = imageBytes('image/png');
    for (const [fileId, bytes] of [
      ['shown', shown],
      ['hidden', imageBytes('image/png')],
    ] as const) {
      await stored(origin, fileId, 'image/png', bytes);
    }
    await emitWithAck(sockets[0]!, 'join-canvas', { canvasId: origin });
    const drawn = await emitWithAck<{ revision: number }>(sockets[0]!, 'canvas-update', {
      canvasId: origin,
      eventId: freshEventId(),
      elements: [
        element('picture', { type: 'image', fileId: 'shown', status: 'saved', scale: [1, 1] }),
      ],
    });
    expect(drawn, JSON.stringify(drawn)).toMatchObject({ ok: true });
    const revision = (drawn as { data: { revision: number } }).data.revision;
    const forked = await server.post<{ _id: string }>(
      `/canvas/fork/${origin}`,
      { revision },
      members.owner.token,
    );
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    const fork = forked.body.data!._id;

    const hidden = await fetchFile(server, fork, 'hidden', members.owner.token);
    expect([hidden.status, envelopeOf(hidden).message]).toEqual([404, FILE_NOT_FOUND]);
    const first = await fetchFile(server, fork, 'shown', members.owner.token);
    expect([first.status, first.bytes.equals(shown)]).toEqual([200, true]);
    const deleted = await server.post(`/canvas/deletecanvas/${origin}`, {}, members.owner.token);
    expect(deleted.status).toBe(200);
    const after = await fetchFile(server, fork, 'shown', members.owner.token);
    expect([after.status, after.bytes.equals(shown)]).toEqual([200, true]);
  });

  it('keeps the files over a restart of the server (they are in the data directory)', async () => {
    const bytes = imageBytes('image/gif');
    await stored(canvasId, 'kept', 'image/gif', bytes);
    await server.close({ keepData: true });
    await kit.files.close();
    reopened = openSqliteFileStore({ dataDir: kit.dataDir });
    server = await startTestServer({ dataDir: kit.dataDir, overrides: { files: reopened } });
    const read = await fetchFile(server, canvasId, 'kept', members.collaborator.token);
    expect([read.status, read.headers.get('content-type'), read.bytes.equals(bytes)]).toEqual([
      200,
      'image/gif',
      true,
    ]);
  });
});
