/**
 * Compresses the API's larger text answers (JSON of scenes, histories, lists) for browsers
 * that accept it: brotli, else gzip, chosen by Accept-Encoding. The built app's files arrive
 * already compressed (serveSpa sends the build's .br/.gz copies) and images are compressed
 * formats, so both pass through untouched, as do streams and answers under 1 KB (the headers
 * would outweigh the gain).
 */
import { promisify } from 'node:util';
import { Stream } from 'node:stream';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';

export const MIN_COMPRESSED_BYTES = 1024;

export const COMPRESSIBLE_TYPES = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The body as bytes, when it is one Koa would send whole (not a stream). */
function bodyBytes(body: unknown): Buffer | undefined {
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  if (body == null || body instanceof Stream) return undefined;
  return Buffer.from(JSON.stringify(body));
}

export function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: 6 });
  // Quality 5: most of brotli's gain at a small cost per answer (the build's files use 11).
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Brotli when the client takes it (it is the smaller), else gzip, else none. */
export function preferredEncoding(ctx: Context): 'br' | 'gzip' | undefined {
  if (!ctx.get('Accept-Encoding')) return undefined;
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return undefined;
}

export async function compressResponses(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding')) return;
  if (!COMPRESSIBLE_TYPES.test(ctx.response.type)) return;
  const bytes = bodyBytes(ctx.body);
  if (!bytes || bytes.length < MIN_COMPRESSED_BYTES) return;
  // The answer now depends on Accept-Encoding, whichever encoding this client gets.
  ctx.vary('Accept-Encoding');
  const encoding = preferredEncoding(ctx);
  if (!encoding) return;
  ctx.body = await compress(bytes, encoding);
  ctx.set('Content-Encoding', encoding);
}
