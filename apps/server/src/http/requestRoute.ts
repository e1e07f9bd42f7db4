/**
 * What a request is counted and logged as: the route pattern that answered it
 * (`/canvas/:id`, never the path itself, so neither ids nor share-link tokens reach the
 * metrics or the log, and the labels stay few), `(static)` for the web app's files and pages,
 * `(unmatched)` for what nothing answered; and its status class (`2xx` … `5xx`).
 */
import type { Context } from 'koa';

/** Routes answered for monitors and balancers: logged at debug while they succeed. */
export const PROBE_ROUTES: ReadonlySet<string> = new Set([
  '/health',
  '/ready',
  '/api/health',
  '/api/metrics',
]);

export function routeOf(ctx: Context, status: number): string {
  // Set by @koa/router on the context of the request a route of it answered.
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  return status === 404 || status === 405 ? '(unmatched)' : '(static)';
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}
