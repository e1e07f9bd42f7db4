/**
 * `/canvas` history calls (PROTOCOL.md "History, replay and erasure"). Whoever may not read
 * the canvas (a stranger, a removed collaborator, a signed-out caller) gets the 404 of a
 * canvas that does not exist; a revision past the canvas's last one is a 400.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { CANVAS_NOT_FOUND, DomainError, REVISION_PAST_END } from '@tabula/domain';
import {
  CheckpointDto,
  ForkDto,
  RestoreDto,
  parseDto,
  parseHistoryQuery,
  parseId,
  parseReplayQuery,
  queryInteger,
} from '@tabula/domain/dto';
import { AUTH_HEADER } from '@tabula/domain/protocol';
import { ok } from '../../../http/authenticate';
import type { AuthService } from '../../auth/auth.service';
import type { CanvasesService } from '../canvases.service';
import { checkpointsOf } from '../projections/checkpoints.projection';
import type { HistoryActions } from './historyActions';
import type { HistoryQueries } from './historyQueries';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';

export interface HistoryRouteDeps {
  auth: AuthService;
  canvases: CanvasesService;
  queries: HistoryQueries;
  actions: HistoryActions;
  readModels: ReadModelStore;
}

/** The caller, the canvas and its last revision, or the 404 of a missing canvas. */
async function access(ctx: Context, deps: HistoryRouteDeps) {
  const canvasId = parseId(ctx.params.id);
  let userId: string;
  try {
    userId = (await deps.auth.authenticate(ctx.get(AUTH_HEADER))).userId;
  } catch {
    throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  }
  const head = await deps.canvases.readableHead(userId, canvasId);
  return { userId, canvasId, head };
}

function notPast(revision: number, head: number): number {
  if (revision > head) throw new DomainError('INVALID', REVISION_PAST_END);
  return revision;
}

export function historyRoutes(deps: HistoryRouteDeps): Router {
  const { queries, actions } = deps;
  const router = new Router({ prefix: '/canvas' });

  router.get('/history/:id', async (ctx) => {
    const { canvasId, head } = await access(ctx, deps);
    const query = parseHistoryQuery(ctx.query);
    ok(ctx, await queries.page(canvasId, head, query));
  });

  router.get('/scene/:id', async (ctx) => {
    const { canvasId, head } = await access(ctx, deps);
    const known = Object.keys(ctx.query).find((name) => name !== 'revision');
    if (known !== undefined)
      throw new DomainError('INVALID', `${known} is not a scene query parameter.`);
    const revision = notPast(queryInteger(ctx.query, 'revision', 0) ?? head, head);
    ok(ctx, await queries.sceneAt(canvasId, revision));
  });

  router.get('/replay/:id', async (ctx) => {
    const { canvasId, head } = await access(ctx, deps);
    const { after, limit } = parseReplayQuery(ctx.query);
    ok(ctx, await queries.replay(canvasId, head, after, limit));
  });

  router.get('/element-history/:id/:elementId', async (ctx) => {
    const { canvasId, head } = await access(ctx, deps);
    const elementId = parseId(ctx.params.elementId, 'elementId');
    ok(ctx, await queries.elementHistory(canvasId, head, elementId));
  });

  router.get('/checkpoints/:id', async (ctx) => {
    const { canvasId } = await access(ctx, deps);
    ok(ctx, await checkpointsOf(deps.readModels, canvasId));
  });

  router.post('/restore/:id', async (ctx) => {
    const { userId, canvasId, head } = await access(ctx, deps);
    const body = parseDto(RestoreDto, ctx.request.body ?? {});
    notPast(body.revision, head);
    ok(ctx, await actions.restore(userId, canvasId, head, body));
  });

  router.post('/fork/:id', async (ctx) => {
    const { userId, canvasId, head } = await access(ctx, deps);
    const body = parseDto(ForkDto, ctx.request.body ?? {});
    notPast(body.revision, head);
    ok(ctx, await actions.fork(userId, canvasId, body), 201);
  });

  router.post('/checkpoint/:id', async (ctx) => {
    const { userId, canvasId, head } = await access(ctx, deps);
    const body = parseDto(CheckpointDto, ctx.request.body ?? {});
    notPast(body.revision, head);
    ok(ctx, await actions.checkpoint(userId, canvasId, body), 201);
  });

  return router;
}
