/**
 * `/canvas/file` (PROTOCOL.md "Image files"): upload an image of a canvas once, fetch its
 * bytes. Mounted before the app's 64 KB JSON parser: the upload route reads its own body with
 * a limit that fits a 4 MB image as base64, and only after the caller proved access, so a
 * stranger's large body is never read. Whoever may not read the canvas gets its 404.
 */
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { CANVAS_NOT_FOUND, DomainError } from '@tabula/domain';
import { parseId } from '@tabula/domain/dto';
import { AUTH_HEADER, FILE_TOO_LARGE, VIEW_TOKEN_HEADER } from '@tabula/domain/protocol';
import { ok } from '../../../http/authenticate';
import { HttpProblem } from '../../../http/toHttpError';
import type { AuthService } from '../../auth/auth.service';
import type { StoredFile } from '../../../infrastructure/files/fileStore';
import type { ShareLinks } from '../shareLinks/shareLinks.service';
import type { FilesService } from './files.service';

/** A 4 MB image is about 5.6 MB as base64; the rest of the body is a few names. */
export const UPLOAD_BODY_LIMIT = '6mb';

/** A year: a fileId of a canvas names the same bytes for as long as the canvas exists. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** What an SVG may do when opened on its own: draw, with inline styles, and nothing else. */
const SVG_SANDBOX = "default-src 'none'; style-src 'unsafe-inline'";

/** The caller's id, or the 404 of a missing canvas (signed out callers learn nothing). */
async function caller(ctx: Context, auth: AuthService): Promise<string> {
  try {
    return (await auth.authenticate(ctx.get(AUTH_HEADER))).userId;
  } catch {
    throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  }
}

/** The upload's JSON body, with the file limits' message when it is too large. */
function uploadBody() {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: UPLOAD_BODY_LIMIT,
    encoding: 'utf-8',
  });
  return async (ctx: Context, next: Next) => {
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      if ((error as { status?: unknown }).status === 413)
        throw new HttpProblem(413, FILE_TOO_LARGE);
      throw error;
    }
    await next();
  };
}

/**
 * The file's bytes for the caller: a member's session (`auth-token`), or a view link of this
 * canvas (`view-token`); anyone else gets the 404 of a missing canvas.
 */
async function readFor(
  ctx: Context,
  deps: { auth: AuthService; files: FilesService; links: Pick<ShareLinks, 'open'> },
  canvasId: string,
): Promise<StoredFile> {
  const fileId = ctx.params.fileId ?? '';
  const viewToken = ctx.get(VIEW_TOKEN_HEADER);
  if (!viewToken) return deps.files.read(await caller(ctx, deps.auth), canvasId, fileId);
  const link = await deps.links.open(viewToken).catch(() => null);
  if (link?.canvasId !== canvasId) throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  return deps.files.readChecked(canvasId, fileId);
}

export function fileRoutes(
  auth: AuthService,
  files: FilesService,
  links: Pick<ShareLinks, 'open'>,
): Router {
  const router = new Router({ prefix: '/canvas/file' });
  const parse = uploadBody();

  router.post('/:id', async (ctx) => {
    const canvasId = parseId(ctx.params.id);
    await files.checkAccess(await caller(ctx, auth), canvasId);
    await parse(ctx, async () => undefined);
    const { info, created } = await files.upload(canvasId, ctx.request.body);
    ok(ctx, info, created ? 201 : 200);
  });

  router.get('/:id/:fileId', async (ctx) => {
    const canvasId = parseId(ctx.params.id);
    const file = await readFor(ctx, { auth, files, links }, canvasId);
    ctx.set({
      'Cache-Control': CACHE_CONTROL,
      ETag: `"${file.hash}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
    if (file.mimeType === 'image/svg+xml') ctx.set('Content-Security-Policy', SVG_SANDBOX);
    ctx.type = file.mimeType;
    ctx.body = file.bytes;
  });

  return router;
}
