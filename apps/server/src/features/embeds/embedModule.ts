/**
 * `GET /embed/v1/…`: the custom elements' embed build, for any page to load with one
 * `<script type="module">` and no bundler. Every answer may be read by any origin (`*`: module
 * scripts, their CSS and fonts are fetched in CORS mode), hashed files are cached for a year,
 * `tabula.js` (the one address pages keep) five minutes and revalidated by its ETag. Text files
 * go brotli- or gzip-compressed when the client takes it: the build's own `.br`/`.gz` copy when
 * it wrote one (the smallest: a build can spend seconds on it), else compressed once here, as
 * the API's answers are (brotli quality 5: 2.2 MB of JavaScript in about half a second, 4 %
 * larger than quality 9, which took 2.3 s), and kept (`BuildFiles`). A missing file is a 404; a
 * server whose widget is not built says so, and serves everything else.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { COMPRESSIBLE_TYPES, compress, preferredEncoding } from '../../http/compressResponses';
import { EMBED_ENTRY, EMBED_MODULE_PREFIX, cacheControlOf } from './embedBuild';

type Encoding = 'br' | 'gzip';

export const EMBED_NOT_BUILT =
  'The embed module is not built on this server: run `npm run build -w @tabula/whiteboard`.';
const NOT_FOUND = 'Not found.';

/** What the files' bytes may take in memory, compressed copies included. */
const CACHE_BYTES = 64 * 1024 * 1024;
async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of the build's files as sent, by file, version and encoding; least recent out. */
export class BuildFiles {
  private readonly entries = new Map<string, { bytes: Promise<Buffer>; size: number }>();
  private total = 0;

  constructor(private readonly capacity = CACHE_BYTES) {}

  bytes(file: string, stats: Stats, encoding: Encoding | undefined): Promise<Buffer> {
    const key = [file, stats.size, stats.mtimeMs, encoding ?? 'identity'].join('\0');
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.bytes;
    }
    const entry = { bytes: this.produce(file, stats, encoding), size: 0 };
    this.entries.set(key, entry);
    entry.bytes.then(
      (bytes) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = bytes.length;
        this.total += bytes.length;
        this.evict();
      },
      () => this.entries.delete(key),
    );
    return entry.bytes;
  }

  private async produce(file: string, stats: Stats, encoding?: Encoding): Promise<Buffer> {
    if (!encoding) return readFile(file);
    // The build's own copy, when it is of this version of the file.
    const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const copyStats = await fileStats(copy);
    if (copyStats && copyStats.mtimeMs >= stats.mtimeMs) return readFile(copy);
    return compress(await readFile(file), encoding);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.capacity) return;
      this.entries.delete(key);
      this.total -= entry.size;
    }
  }
}

/** The file's path in the build, or undefined for anything that could leave it or is hidden. */
function buildPath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.slice(EMBED_MODULE_PREFIX.length));
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const parts = decoded.split('/');
  if (parts.some((part) => part === '' || part.startsWith('.'))) return undefined;
  return parts.join('/');
}

function answerNotFound(ctx: Context, message: string): void {
  ctx.status = 404;
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = message;
}

/** The middleware of `/embed/v1/…`, serving the build in `root` (see `findEmbedBuild`). */
export function serveEmbedModule(root: string | undefined, files = new BuildFiles()) {
  return async function embedModule(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(EMBED_MODULE_PREFIX)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const relative = buildPath(ctx.path);
    const file = root && relative ? path.join(root, relative) : undefined;
    const stats = file && (await fileStats(file));
    if (!file || !stats) {
      const built = root !== undefined && (await fileStats(path.join(root, EMBED_ENTRY)));
      answerNotFound(ctx, built ? NOT_FOUND : EMBED_NOT_BUILT);
      return;
    }
    ctx.type = path.extname(file);
    ctx.set('Cache-Control', cacheControlOf(relative!));
    ctx.lastModified = stats.mtime;
    const compressible = COMPRESSIBLE_TYPES.test(ctx.response.type) || file.endsWith('.wasm');
    if (compressible) ctx.vary('Accept-Encoding');
    ctx.etag = `W/"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const encoding = compressible ? preferredEncoding(ctx) : undefined;
    const bytes = await files.bytes(file, stats, encoding);
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.body = bytes;
  };
}
