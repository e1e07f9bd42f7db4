/**
 * `GET /canvas/scene-download/:ticket` (PROTOCOL.md "Joining a large canvas"): the scene a
 * `join-canvas` answered `download`, once per ticket, as one gzipped JSON array (decompressed
 * here for a client that does not take gzip). The
 * ticket is the whole capability, so any origin may fetch it (an embedded board on another
 * site) and nobody may keep it. An unknown, used or expired ticket answers 404.
 */
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Router from '@koa/router';
import { DomainError, SCENE_DOWNLOAD_NOT_FOUND } from '@tabula/domain';
import { API_PATHS } from '@tabula/domain/protocol';
import type { SceneDownloads } from './sceneDownloads';

/** What `SceneDownloads.issue` makes: 24 random bytes in base64url. */
const TICKET = /^[A-Za-z0-9_-]{32}$/;

export function sceneDownloadRoutes(downloads: SceneDownloads): Router {
  const router = new Router();

  router.get(API_PATHS.sceneDownload, (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Cache-Control', 'no-store');
    const ticket = ctx.params.id ?? '';
    const scene = TICKET.test(ticket) ? downloads.redeem(ticket) : undefined;
    if (!scene) throw new DomainError('NOT_FOUND', SCENE_DOWNLOAD_NOT_FOUND);
    ctx.type = 'application/json; charset=utf-8';
    ctx.vary('Accept-Encoding');
    const gzipped = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    const whole = scene.whole();
    if (gzipped) ctx.set('Content-Encoding', 'gzip');
    if (gzipped && whole) {
      ctx.body = whole;
      return;
    }
    const bytes = Readable.from(scene.read(), { objectMode: false });
    if (!gzipped) {
      const plain = createGunzip();
      // A failure on either side destroys both, which ends the answer short.
      pipeline(bytes, plain, () => undefined);
      ctx.body = plain;
      return;
    }
    ctx.body = bytes;
  });

  return router;
}
