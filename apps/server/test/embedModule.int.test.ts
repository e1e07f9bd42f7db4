/**
 * `/embed/v1/…` on the real app, serving an embed build written to a temporary folder the way
 * the widget's build writes it (the entry, hashed chunks, CSS, a font, a precompressed copy):
 * readable by any origin, the entry short-cached and revalidated, hashed files cached for a
 * year, the right types, compressed for clients that accept it (and only the files that gain
 * from it), nothing outside the build; without a build a 404 that says so, and the rest of the
 * server serving.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_NOT_BUILT } from '../src/features/embeds/embedModule';
import { rawGet, rawGetEncoded } from './rawGet';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const ENTRY = `import './chunks/board-B1XZ_DEi.js';\n// ${'the entry '.repeat(300)}`;
const CHUNK = `export const board = ${JSON.stringify('strokes '.repeat(20_000))};`;
const CSS = `:host{display:block}${'.x{color:red}'.repeat(200)}`;
const FONT = randomBytes(4096);
/** What the build's compress step wrote beside the chunk: the server sends these bytes. */
const PRECOMPRESSED = `export const precompressed = ${JSON.stringify('p '.repeat(5000))};`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

const build = mkdtempSync(path.join(tmpdir(), 'tabula-embed-'));
function write(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
  writeFileSync(path.join(build, file), content);
}
write('tabula.js', ENTRY);
write('chunks/board-B1XZ_DEi.js', CHUNK);
write('chunks/pre-Zx81_qQe.js', PRECOMPRESSED);
write('chunks/pre-Zx81_qQe.js.br', brotliCompressSync(PRECOMPRESSED));
write('assets/tabula-Cq3x9aB1.css', CSS);
write('fonts/Excalifont-Regular-a88b72a2.woff2', FONT);
afterAll(() => rmSync(build, { recursive: true, force: true }));

/** A GET of `route` exactly as written (no `..` resolved, as fetch would). */
function rawPath(server: TestServer, route: string) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ hostname, port, path: route }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('/embed/v1/ with the embed build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ overrides: { embedBuild: build } });
  });
  afterAll(() => server.close());
  const at = (file: string) => `${server.url}/embed/v1/${file}`;

  it('serves the entry to any origin, cached for five minutes and revalidated by its ETag', async () => {
    const answer = await fetch(at('tabula.js'), { headers: { origin: 'https://cms.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await answer.text()).toBe(ENTRY);
    const etag = answer.headers.get('etag')!;
    const again = await fetch(at('tabula.js'), {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('caches hashed chunks, CSS and fonts for a year, each with its type', async () => {
    for (const [file, type, content] of [
      ['chunks/board-B1XZ_DEi.js', 'text/javascript; charset=utf-8', CHUNK],
      ['assets/tabula-Cq3x9aB1.css', 'text/css; charset=utf-8', CSS],
      ['fonts/Excalifont-Regular-a88b72a2.woff2', 'font/woff2', FONT],
    ] as const) {
      const answer = await rawGet(at(file));
      expect([file, answer.headers['content-type']]).toEqual([file, type]);
      expect([file, answer.headers['cache-control']]).toEqual([file, IMMUTABLE]);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.body.equals(Buffer.from(content))).toBe(true);
    }
  });

  it('compresses text for clients that accept it: brotli, else gzip, else none', async () => {
    const file = at('chunks/board-B1XZ_DEi.js');
    const brotli = await rawGetEncoded(file, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.body.length).toBeLessThan(CHUNK.length / 20);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(CHUNK);
    const gzip = await rawGetEncoded(file, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(CHUNK);
    const plain = await rawGetEncoded(file);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
    // Asked again: the same bytes (kept, not compressed anew).
    expect((await rawGetEncoded(file, 'br')).body.equals(brotli.body)).toBe(true);
  });

  it("sends the build's own compressed copy when it wrote one, and never compresses a font", async () => {
    const pre = await rawGetEncoded(at('chunks/pre-Zx81_qQe.js'), 'br');
    expect(pre.headers['content-encoding']).toBe('br');
    expect(pre.body.equals(brotliCompressSync(PRECOMPRESSED))).toBe(true);
    const font = await rawGetEncoded(at('fonts/Excalifont-Regular-a88b72a2.woff2'), 'br, gzip');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.equals(FONT)).toBe(true);
  });

  it('answers 404 for a file not in the build, and never anything outside it', async () => {
    const missing = await fetch(at('chunks/gone-Ab12Cd34.js'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found.');
    for (const route of [
      '/embed/v1/../../package.json',
      '/embed/v1/%2e%2e/%2e%2e/package.json',
      '/embed/v1/chunks/..%2f..%2fpackage.json',
      '/embed/v1/.hidden',
      '/embed/v1/',
      '/embed/v1/chunks',
      '/embed/v1/%E0%A4%A',
    ]) {
      const answer = await rawPath(server, route);
      expect([route, answer.status]).toEqual([route, 404]);
      expect(answer.body).not.toContain('"name"');
    }
  });
});

describe('/embed/v1/ before the widget is built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      overrides: { embedBuild: path.join(build, 'not-built-yet') },
    });
  });
  afterAll(() => server.close());

  it('says the module is not built, and the server serves everything else', async () => {
    for (const file of ['tabula.js', 'chunks/board-B1XZ_DEi.js']) {
      const answer = await fetch(`${server.url}/embed/v1/${file}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await answer.text()).toBe(EMBED_NOT_BUILT);
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
