/**
 * Every refusal of an image upload, on the real server with its files in the SQLite file of
 * its data directory: the status, the message, and nothing stored.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_CONTENT_MISMATCH,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  FILE_UNSAFE_SVG,
  INVALID_DATA_URL,
  INVALID_FILE_ID,
  MAX_FILE_BYTES,
  filePath,
} from '@tabula/domain/protocol';
import {
  imageBytes,
  sqliteFilesDir,
  svgWith,
  uploadOf,
} from '../src/features/canvases/files/files.testkit';
import type { Member } from './scenario';
import { createCanvas, signUp } from './scenario';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

describe('image uploads refused', () => {
  const kit = sqliteFilesDir();
  let server: TestServer;
  let owner: Member;
  let canvasId: string;
  let fileCounter = 0;
  const freshFileId = () => `f${(fileCounter += 1)}${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    server = await startTestServer({ dataDir: kit.dataDir, overrides: { files: kit.files } });
    owner = await signUp(server, 'owner');
    canvasId = await createCanvas(server, owner.token, 'Refusals');
  });
  afterAll(async () => {
    await server.close();
    await kit.close();
  });
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
      const before = await kit.files.count();
      const answer = await server.post(filePath(canvasId), body(), owner.token);
      expect([answer.status, answer.body]).toEqual([status, { success: false, message }]);
      expect(await kit.files.count()).toBe(before);
    });
});
