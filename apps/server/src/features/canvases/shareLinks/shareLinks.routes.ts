/**
 * View links over REST (PROTOCOL.md "View links"): the owner's calls need a session
 * (`auth-token`); `GET /canvas/view/:token` needs none and says what the link opens (404 once
 * revoked, for a deleted canvas and for any token that is not a link's).
 */
import Router from '@koa/router';
import { UnshareDto, parseDto, parseId } from '@tabula/domain/dto';
import type { AuthService } from '../../auth/auth.service';
import { identityOf, ok, requireAuth } from '../../../http/authenticate';
import type { ShareLinks } from './shareLinks.service';

export function shareLinkRoutes(auth: AuthService, links: ShareLinks): Router {
  const router = new Router({ prefix: '/canvas' });
  const signedIn = requireAuth(auth);

  router.post('/share/:id', signedIn, async (ctx) => {
    ok(ctx, await links.create(identityOf(ctx).userId, parseId(ctx.params.id)), 201);
  });

  router.get('/shares/:id', signedIn, async (ctx) => {
    ok(ctx, await links.list(identityOf(ctx).userId, parseId(ctx.params.id)));
  });

  router.post('/unshare/:id', signedIn, async (ctx) => {
    const { linkId } = parseDto(UnshareDto, ctx.request.body ?? {});
    ok(ctx, await links.revoke(identityOf(ctx).userId, parseId(ctx.params.id), linkId));
  });

  router.get('/view/:token', async (ctx) => {
    const { canvasId, name } = await links.open(ctx.params.token);
    ok(ctx, { canvasId, name });
  });

  return router;
}
