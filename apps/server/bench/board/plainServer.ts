/**
 * Serves the plain Excalidraw page (`plain/dist`), Excalidraw's fonts at /fonts/ (so nothing
 * is fetched from a CDN) and the benchmark's scenes at /scenes/<name>.json, on 127.0.0.1 and
 * a free port. Scenes go as plain JSON: on this machine's loopback, the page's cost of loading
 * a scene is Excalidraw's (parsing, restoring, drawing), not the transfer's.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PLAIN_DIST } from './builds';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

export interface PlainServer {
  url: string;
  /** Serves `elements` as /scenes/<name>.json from now on. */
  addScene(name: string, elements: unknown[]): void;
  close(): Promise<void>;
}

/** Excalidraw's font folder, beside its production build. */
function fontsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@excalidraw/excalidraw')), 'fonts');
}

/** The file under `root` that `urlPath` names, or null (outside `root`, or no such file). */
function fileUnder(root: string, urlPath: string): string | null {
  const file = path.join(root, decodeURIComponent(urlPath));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

export async function startPlainServer(): Promise<PlainServer> {
  const fonts = fontsDir();
  const scenes = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    const scene = /^\/scenes\/([\w-]+)\.json$/.exec(urlPath);
    if (scene) {
      const body = scenes.get(scene[1]!);
      if (!body) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': TYPES['.json'] });
      return response.end(body);
    }
    const file = urlPath.startsWith('/fonts/')
      ? fileUnder(fonts, urlPath.slice('/fonts/'.length))
      : fileUnder(PLAIN_DIST, urlPath === '/' ? 'index.html' : urlPath.slice(1));
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addScene(name, elements) {
      scenes.set(name, Buffer.from(JSON.stringify(elements)));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
