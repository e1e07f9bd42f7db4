import type { Context, Next } from 'koa';
import { toHttpError } from './toHttpError';

/** Messages for failures that no handler explains (no route, wrong method). */
export const UNHANDLED_MESSAGES: Record<number, string> = {
  404: 'Not found.',
  405: 'Method not allowed.',
};

/**
 * First middleware of the chain: every failure becomes the JSON envelope
 * `{ success: false, message }` with its status, including a 404/405 that no route answered.
 * Stack traces never leave the server; 5xx errors are emitted on the app for central logging.
 */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.body == null && ctx.status >= 400) {
      const status = ctx.status;
      ctx.body = { success: false, message: UNHANDLED_MESSAGES[status] ?? 'Request failed.' };
      // Assigning a body to a response whose status Koa defaulted to 404 would make it 200.
      ctx.status = status;
    }
  } catch (error) {
    const { status, message, headers } = toHttpError(error);
    ctx.status = status;
    ctx.body = { success: false, message };
    if (headers) ctx.set(headers);
    if (status >= 500) ctx.app.emit('error', error, ctx);
  }
}
