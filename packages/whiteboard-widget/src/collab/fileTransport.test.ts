/** `httpFileTransport` against the real server started in this process (files in memory). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import { FILE_UNSAFE_SVG } from '@tabula/domain/protocol';
import { FileRefusedError, httpFileTransport } from './fileTransport';
import type { ImageFile } from './fileTransport';

const PNG_BYTES = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 300 }, (_, i) => i % 251),
]);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const png = (id: string): ImageFile => ({
  id,
  mimeType: 'image/png',
  dataURL: `data:image/png;base64,${base64(PNG_BYTES)}`,
  created: 1,
});

describe('httpFileTransport', () => {
  let server: InMemoryServer;
  let owner: TestUser;
  let stranger: TestUser;
  let canvasId: string;
  const transportOf = (user: TestUser | null) =>
    httpFileTransport({ baseUrl: server.url, token: () => user?.token ?? null });

  beforeAll(async () => {
    server = await startInMemoryServer();
    owner = await server.createUserAndToken('owner');
    stranger = await server.createUserAndToken('stranger');
    canvasId = await server.createCanvas(owner.token, 'files');
  });
  afterAll(() => server.close());

  it('uploads a file and fetches it back as the same data URL', async () => {
    const transport = transportOf(owner);
    expect(await transport.download(canvasId, 'pic1')).toBeNull();
    await transport.upload(canvasId, png('pic1'));
    await transport.upload(canvasId, png('pic1'));
    const fetched = await transport.download(canvasId, 'pic1');
    expect(fetched).toMatchObject({
      id: 'pic1',
      mimeType: 'image/png',
      dataURL: png('pic1').dataURL,
    });
  });

  it("rejects a refused upload with the server's message", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const upload = transportOf(owner).upload(canvasId, {
      id: 'bad',
      mimeType: 'image/svg+xml',
      dataURL: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      created: 1,
    });
    await expect(upload).rejects.toEqual(new FileRefusedError(400, FILE_UNSAFE_SVG));
  });

  it('is refused for someone who may not read the canvas, and sees no file', async () => {
    await expect(transportOf(stranger).upload(canvasId, png('pic2'))).rejects.toBeInstanceOf(
      FileRefusedError,
    );
    expect(await transportOf(stranger).download(canvasId, 'pic1')).toBeNull();
    expect(await transportOf(null).download(canvasId, 'pic1')).toBeNull();
  });

  it("downloads a canvas's files with one of its view links, and nothing once it is revoked", async () => {
    await transportOf(owner).upload(canvasId, png('pic3'));
    const response = await fetch(`${server.url}/canvas/share/${canvasId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': owner.token },
      body: '{}',
    });
    const link = ((await response.json()) as { data: { linkId: string; token: string } }).data;
    const viewer = httpFileTransport({
      baseUrl: server.url,
      token: () => null,
      viewToken: link.token,
    });
    expect(await viewer.download(canvasId, 'pic3')).toMatchObject({
      id: 'pic3',
      mimeType: 'image/png',
    });
    await fetch(`${server.url}/canvas/unshare/${canvasId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': owner.token },
      body: JSON.stringify({ linkId: link.linkId }),
    });
    expect(await viewer.download(canvasId, 'pic3')).toBeNull();
  });
});
