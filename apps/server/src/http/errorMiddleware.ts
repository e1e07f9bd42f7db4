import type { Context, Next } from 'koa';
import { toHttpError } from './toHttpError';

/**
 * First middleware of the chain: every failure becomes the JSON envelope
 * `{ success: false, message }` with its status. Stack traces never leave the server;
 * 5xx errors are emitted on the app for central logging.
 */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const { status, message, headers } = toHttpError(error);
    ctx.status = status;
    ctx.body = { success: false, message };
    if (headers) ctx.set(headers);
    if (status >= 500) ctx.app.emit('error', error, ctx);
  }
}
