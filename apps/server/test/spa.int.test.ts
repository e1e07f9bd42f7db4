import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';
import { rawGetEncoded as rawGet } from './rawGet';

const BIG_JS = `export const words = ${JSON.stringify('tabula '.repeat(5000))};`;

describe('serving the web app', () => {
  let server: TestServer;
  const webDist = mkdtempSync(path.join(tmpdir(), 'tabula-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tabula app</title>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    // What the build's compressAssets step writes beside a large file.
    writeFileSync(path.join(webDist, 'assets', 'big.js'), BIG_JS);
    writeFileSync(path.join(webDist, 'assets', 'big.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(path.join(webDist, 'assets', 'big.js.gz'), gzipSync(BIG_JS));
    server = await startTestServer({ overrides: { webDist } });
  });
  afterAll(() => server.close());

  const page = (route: string) =>
    fetch(server.url + route, { headers: { accept: 'text/html,*/*' } });

  it.each(['/', '/canvases', '/canvas/3f1c2a', '/livecanvas/3f1c2a', '/profile', '/no/such/page'])(
    'a browser opening %s gets the app (client-side routes work on reload)',
    async (route) => {
      const response = await page(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Tabula app');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    },
  );

  it('hashed assets are served with a long cache lifetime', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file otherwise', async () => {
    const url = `${server.url}/assets/big.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.body.length).toBeLessThan(BIG_JS.length / 10);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(BIG_JS);
    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_JS);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('API clients under /canvas still get JSON, not the app', async () => {
    const response = await fetch(`${server.url}/canvas/getallcanvases`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Please authenticate using a valid token',
    });
  });
});
