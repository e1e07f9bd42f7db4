import type { Context, Next } from 'koa';
import { UNHANDLED_MESSAGES } from './errorMiddleware';

/**
 * After every router: an `/api/` path that nothing answered is a JSON 404 (the envelope the
 * error middleware writes), never the app's page, even for a browser asking for HTML.
 */
export async function apiNotFound(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.body == null && ctx.status === 404 && ctx.path.startsWith('/api/')) {
    ctx.status = 404;
    ctx.body = { success: false, message: UNHANDLED_MESSAGES[404] };
  }
}
