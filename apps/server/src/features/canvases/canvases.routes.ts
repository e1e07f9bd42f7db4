/** `/canvas`: create, get, list, rename and delete canvases (PROTOCOL.md). */
import Router from '@koa/router';
import {
  CreateCanvasDto,
  DeleteCanvasDto,
  UpdateCanvasNameDto,
  parseDto,
  parseId,
} from '@tabula/domain/dto';
import { DomainError } from '@tabula/domain';
import { identityOf, ok, requireAuth } from '../../http/authenticate';
import type { AuthService } from '../auth/auth.service';
import type { CanvasesService } from './canvases.service';

export function canvasRoutes(auth: AuthService, canvases: CanvasesService): Router {
  const router = new Router({ prefix: '/canvas' });
  router.use(requireAuth(auth));

  router.post('/createcanvas', async (ctx) => {
    const body = parseDto(CreateCanvasDto, ctx.request.body ?? {});
    ok(ctx, await canvases.create(identityOf(ctx).userId, body.name), 201);
  });

  router.get('/getcanvas/:id', async (ctx) => {
    ok(ctx, await canvases.detail(identityOf(ctx).userId, parseId(ctx.params.id)));
  });

  router.get('/getallcanvases', async (ctx) => {
    ok(ctx, await canvases.list(identityOf(ctx).userId));
  });

  router.post('/updatecanvasname/:id', async (ctx) => {
    const body = parseDto(UpdateCanvasNameDto, ctx.request.body);
    ok(ctx, await canvases.rename(identityOf(ctx).userId, parseId(ctx.params.id), body.name));
  });

  // Whether collaborators may clear the board: anyone on it reads it, the owner sets it.
  router.get('/clearing/:id', async (ctx) => {
    ok(ctx, await canvases.clearing(identityOf(ctx).userId, parseId(ctx.params.id)));
  });

  router.post('/clearing/:id', async (ctx) => {
    const allowed = parseClearingSetting(ctx.request.body);
    const canvasId = parseId(ctx.params.id);
    ok(ctx, await canvases.setClearing(identityOf(ctx).userId, canvasId, allowed));
  });

  router.post('/deletecanvas/:id', async (ctx) => {
    parseDto(DeleteCanvasDto, ctx.request.body ?? {});
    ok(ctx, await canvases.remove(identityOf(ctx).userId, parseId(ctx.params.id)));
  });

  return router;
}

/** `{ collaboratorsCanClear: true | false }` and nothing else, or a 400 naming the field. */
function parseClearingSetting(body: unknown): boolean {
  const fields = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const value = (body as { collaboratorsCanClear?: unknown } | null)?.collaboratorsCanClear;
  if (typeof value !== 'boolean')
    throw new DomainError('INVALID', 'collaboratorsCanClear must be true or false.');
  const extra = fields.find((field) => field !== 'collaboratorsCanClear');
  if (extra !== undefined) throw new DomainError('INVALID', `${extra} is not allowed.`);
  return value;
}
