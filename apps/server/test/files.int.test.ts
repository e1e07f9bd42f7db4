/**
 * Image files of canvases, end to end on the real server with its files in the SQLite file of
 * its data directory: upload and fetch, every refusal (status, message, nothing stored), who
 * may do either, and deletion that erases the bytes unless another canvas uses them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND } from '@tabula/domain';
import {
  FILE_CONTENT_MISMATCH,
  FILE_ID_TAKEN,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  FILE_UNSAFE_SVG,
  INVALID_DATA_URL,
  INVALID_FILE_ID,
  MAX_FILE_BYTES,
  filePath,
} from '@tabula/domain/protocol';
import type { FileStore } from '../src/infrastructure/files/fileStore';
import { openSqliteFileStore } from '../src/infrastructure/files/sqliteFileStore';
import type { Member } from './scenario';
import { createCanvas, makeCollaborator, signUp } from './scenario';
import type { ApiAnswer, ClientSocket, TestServer } from './testServer';
import { startTestServer } from './testServer';

interface FileServer {
  server: TestServer;
  files: FileStore;
  close(): Promise<void>;
}

/** The real server with its files in `<dataDir>/events.sqlite`. */
async function startFileServer(): Promise<FileServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-files-test-'));
  const files = openSqliteFileStore({ dataDir });
  const server = await startTestServer({ dataDir, overrides: { files } });
  return {
    server,
    files,
    async close() {
      await server.close();
      await files.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const MAGIC = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/gif': Buffer.from('GIF89a'),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
} as const;

/** Bytes that start like a `mimeType` image, then `size` random (unique) bytes. */
function imageBytes(mimeType: keyof typeof MAGIC, size = 2048): Buffer {
  return Buffer.concat([MAGIC[mimeType], randomBytes(size)]);
}

/** An upload body for `bytes` declared as `mimeType`. */
function uploadOf(fileId: string, mimeType: string, bytes: Buffer | string) {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return { fileId, mimeType, dataURL: `data:${mimeType};base64,${data.toString('base64')}` };
}

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

/** True when any file of the directory (log, WAL, shared memory, anything) holds `needle`. */
function dataDirHolds(dir: string, needle: Buffer): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .some((entry) => readFileSync(path.join(entry.parentPath, entry.name)).includes(needle));
}

const SAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill:red"/><use href="#r"/></svg>';

describe('image files', () => {
  let context: FileServer;
  let server: TestServer;
  const members = {} as Record<'owner' | 'collaborator' | 'stranger' | 'signedOut', Member>;
  const sockets: ClientSocket[] = [];
  let canvasId: string;
  let fileCounter = 0;
  const freshFileId = () => `f${(fileCounter += 1)}${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    context = await startFileServer();
    server = context.server;
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
  afterAll(() => context.close());

  it('stores an upload once and answers its bytes to the owner and collaborators', async () => {
    const bytes = imageBytes('image/png');
    const fileId = freshFileId();
    const before = await context.files.count();
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
    expect(await context.files.count()).toBe(before + 1);

    for (const member of [members.owner, members.collaborator]) {
      const answer = await fetchFile(server, canvasId, fileId, member.token);
      expect(answer.status).toBe(200);
      expect(answer.bytes.equals(bytes)).toBe(true);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each(['image/jpeg', 'image/gif', 'image/webp'] as const)(
    'takes a %s image with its magic number',
    async (mimeType) => {
      const bytes = imageBytes(mimeType, 512);
      const fileId = freshFileId();
      const answer = await upload(
        server,
        canvasId,
        uploadOf(fileId, mimeType, bytes),
        members.owner.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const read = await fetchFile(server, canvasId, fileId, members.owner.token);
      expect([read.headers.get('content-type'), read.bytes.equals(bytes)]).toEqual([
        mimeType,
        true,
      ]);
    },
  );

  it('serves a clean SVG sandboxed by its own Content-Security-Policy', async () => {
    const fileId = freshFileId();
    const answer = await upload(
      server,
      canvasId,
      uploadOf(fileId, 'image/svg+xml', SAFE_SVG),
      members.owner.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const read = await fetchFile(server, canvasId, fileId, members.collaborator.token);
    expect(read.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(read.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(read.bytes.toString('utf8')).toBe(SAFE_SVG);
  });

  const svgWith = (inside: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inside}</svg>`;
  const REFUSALS: [string, () => unknown, number, string][] = [
    [
      'an image over 4 MB',
      () => uploadOf(freshFileId(), 'image/png', imageBytes('image/png', MAX_FILE_BYTES)),
      413,
      FILE_TOO_LARGE,
    ],
    [
      'a body over the upload limit',
      () => ({
        fileId: freshFileId(),
        mimeType: 'image/png',
        dataURL: 'A'.repeat(7 * 1024 * 1024),
      }),
      413,
      FILE_TOO_LARGE,
    ],
    [
      'a text file',
      () => uploadOf(freshFileId(), 'text/plain', 'hello'),
      415,
      FILE_TYPE_NOT_ALLOWED,
    ],
    [
      'a PDF',
      () => uploadOf(freshFileId(), 'application/pdf', '%PDF-1.4'),
      415,
      FILE_TYPE_NOT_ALLOWED,
    ],
    [
      'JPEG bytes declared as PNG',
      () => uploadOf(freshFileId(), 'image/png', imageBytes('image/jpeg')),
      415,
      FILE_CONTENT_MISMATCH,
    ],
    [
      'text declared as GIF',
      () => uploadOf(freshFileId(), 'image/gif', 'not a gif at all'),
      415,
      FILE_CONTENT_MISMATCH,
    ],
    [
      'PNG bytes declared as SVG',
      () => uploadOf(freshFileId(), 'image/svg+xml', imageBytes('image/png')),
      415,
      FILE_CONTENT_MISMATCH,
    ],
    [
      'an SVG with a script',
      () => uploadOf(freshFileId(), 'image/svg+xml', svgWith('<script>alert(1)</script>')),
      400,
      FILE_UNSAFE_SVG,
    ],
    [
      'an SVG with an event handler',
      () => uploadOf(freshFileId(), 'image/svg+xml', svgWith('<rect onload="alert(1)"/>')),
      400,
      FILE_UNSAFE_SVG,
    ],
    [
      'an SVG with a foreignObject',
      () =>
        uploadOf(
          freshFileId(),
          'image/svg+xml',
          svgWith('<foreignObject><p>hi</p></foreignObject>'),
        ),
      400,
      FILE_UNSAFE_SVG,
    ],
    [
      'an SVG with an external image',
      () =>
        uploadOf(
          freshFileId(),
          'image/svg+xml',
          svgWith('<image href="https://example.com/x.png"/>'),
        ),
      400,
      FILE_UNSAFE_SVG,
    ],
    [
      'an SVG with an external style',
      () =>
        uploadOf(freshFileId(), 'image/svg+xml', svgWith('<rect style="fill:url(http://x/y)"/>')),
      400,
      FILE_UNSAFE_SVG,
    ],
    [
      'a fileId with a slash',
      () => uploadOf('a/b', 'image/png', imageBytes('image/png')),
      400,
      INVALID_FILE_ID,
    ],
    [
      'a fileId over 100 characters',
      () => uploadOf('x'.repeat(101), 'image/png', imageBytes('image/png')),
      400,
      INVALID_FILE_ID,
    ],
    [
      'a data URL of another type',
      () => ({
        ...uploadOf(freshFileId(), 'image/gif', imageBytes('image/gif')),
        mimeType: 'image/png',
      }),
      400,
      INVALID_DATA_URL,
    ],
    [
      'a data URL that is not base64',
      () => ({
        fileId: freshFileId(),
        mimeType: 'image/png',
        dataURL: 'data:image/png;base64,%%%',
      }),
      400,
      INVALID_DATA_URL,
    ],
    [
      'an extra field',
      () => ({ ...uploadOf(freshFileId(), 'image/png', imageBytes('image/png')), created: 1 }),
      400,
      'created is not an allowed field.',
    ],
    ['no fileId', () => ({ mimeType: 'image/png', dataURL: 'data:,' }), 400, 'fileId is required.'],
  ];

  for (const [what, body, status, message] of REFUSALS)
    it(`refuses ${what} with ${status} '${message}' and stores nothing`, async () => {
      const before = await context.files.count();
      const answer = await upload(server, canvasId, body(), members.owner.token);
      expect([answer.status, answer.body]).toEqual([status, { success: false, message }]);
      expect(await context.files.count()).toBe(before);
    });

  it('refuses another image under a fileId already used on the canvas (409)', async () => {
    const fileId = freshFileId();
    await upload(
      server,
      canvasId,
      uploadOf(fileId, 'image/png', imageBytes('image/png')),
      members.owner.token,
    );
    const before = await context.files.count();
    const other = uploadOf(fileId, 'image/png', imageBytes('image/png'));
    const answer = await upload(server, canvasId, other, members.collaborator.token);
    expect([answer.status, answer.body.message]).toEqual([409, FILE_ID_TAKEN]);
    expect(await context.files.count()).toBe(before);
  });

  it('answers strangers, signed-out callers and missing canvases the 404 of a missing canvas', async () => {
    const fileId = freshFileId();
    const body = uploadOf(fileId, 'image/png', imageBytes('image/png'));
    await upload(server, canvasId, body, members.owner.token);
    const before = await context.files.count();
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
    expect(await context.files.count()).toBe(before);
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
      const answer = await upload(
        server,
        target,
        uploadOf(fileId, mimeType, bytes),
        members.owner.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
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
});
