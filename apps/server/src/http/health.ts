import Router from '@koa/router';
import type { AppContext } from '../appContext';

/** `GET /api/health`: liveness plus how far the read models have got in the log. */
export function healthRoutes(context: AppContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => {
    ctx.body = {
      success: true,
      data: { status: 'ok', position: context.projections.currentPosition },
    };
  });
  return router;
}
