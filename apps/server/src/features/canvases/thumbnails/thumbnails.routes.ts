/**
 * `GET /canvas/thumbnail/:id` (PROTOCOL.md, docs/thumbnails.md): the SVG picture of a canvas
 * for its card. Same access as the other canvas reads: whoever may not read the canvas (a
 * stranger, a signed-out caller) gets the 404 of a canvas that does not exist. A canvas with
 * nothing drawn answers 204. The ETag is the canvas's revision, and browsers revalidate every
 * time (`no-cache`), so an unchanged canvas costs a 304.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { CANVAS_NOT_FOUND, DomainError } from '@tabula/domain';
import { parseId } from '@tabula/domain/dto';
import { API_PATHS, AUTH_HEADER } from '@tabula/domain/protocol';
import type { AuthService } from '../../auth/auth.service';
import type { CanvasesService } from '../canvases.service';
import { CanvasThumbnails } from './canvasThumbnails';
import type { ThumbnailVersion } from './canvasThumbnails';

/** What the picture may do when opened on its own: be drawn, nothing else. */
const SVG_SANDBOX = "default-src 'none'";

export function thumbnailRoutes(auth: AuthService, canvases: CanvasesService): Router {
  const thumbnails = new CanvasThumbnails(canvases);
  const router = new Router();

  router.get(API_PATHS.thumbnail, async (ctx) => {
    const canvasId = parseId(ctx.params.id);
    let userId: string;
    try {
      userId = (await auth.authenticate(ctx.get(AUTH_HEADER))).userId;
    } catch {
      throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
    }
    await sendPicture(ctx, await thumbnails.current(userId, canvasId), 'private, no-cache');
  });

  return router;
}

/**
 * Answers with the picture of `version`: 304 when the client has it (the ETag), 204 when
 * nothing is drawn, else the SVG, sandboxed. `cacheControl` says who may keep it.
 */
export async function sendPicture(
  ctx: Context,
  version: ThumbnailVersion,
  cacheControl: string,
): Promise<void> {
  if (notModified(ctx, version.etag, cacheControl)) return;
  const svg = await version.picture();
  if (svg === null) {
    ctx.status = 204;
    return;
  }
  ctx.set('Content-Security-Policy', SVG_SANDBOX);
  ctx.type = 'image/svg+xml; charset=utf-8';
  ctx.body = svg;
}

/**
 * Sets the picture's validators; answers 304 and returns true when the client holds this
 * version (`etag`) already. `cacheControl` says who may keep it.
 */
export function notModified(ctx: Context, etag: string, cacheControl: string): boolean {
  ctx.set('Cache-Control', cacheControl);
  ctx.etag = etag;
  ctx.status = 200;
  if (!ctx.fresh) return false;
  ctx.status = 304;
  return true;
}
