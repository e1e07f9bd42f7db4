/**
 * The API's larger JSON answers travel compressed (brotli, else gzip, by Accept-Encoding);
 * small ones and clients that accept neither get plain JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES } from '../src/http/compressResponses';
import { createCanvas, signUp } from './scenario';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';
import { rawGet } from './rawGet';

describe('compressed API answers', () => {
  let server: TestServer;
  let bigToken: string;
  let smallToken: string;
  let listJson: string;
  const list = (token: string, acceptEncoding?: string) =>
    rawGet(`${server.url}/canvas/getallcanvases`, {
      'auth-token': token,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const busy = await signUp(server, 'busy');
    for (let i = 0; i < 12; i++) await createCanvas(server, busy.token, `Board number ${i}`);
    bigToken = busy.token;
    smallToken = (await signUp(server, 'quiet')).token;
    listJson = JSON.stringify((await server.get('/canvas/getallcanvases', bigToken)).body);
    expect(listJson.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
  });
  afterAll(() => server.close());

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const brotli = await list(bigToken, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('application/json');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.body.length).toBeLessThan(listJson.length / 2);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(listJson);

    const gzip = await list(bigToken, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(listJson);
  });

  it('sends plain JSON to a client that accepts no encoding, and small answers as they are', async () => {
    const plain = await list(bigToken);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(listJson);

    const small = await list(smallToken, 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ success: true, data: [] });
  });
});
