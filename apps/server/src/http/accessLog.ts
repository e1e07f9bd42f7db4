/**
 * The access log: one line per HTTP request once its response has ended (or its client has
 * gone), at info, with the client's address (`ctx.ip`: the proxy's view under `TRUST_PROXY`),
 * method, route pattern, status and milliseconds. The path, query and headers are never
 * logged, so tokens in them cannot be. Successful probes (`/health`, `/ready`, `/api/metrics`)
 * are logged at debug: a balancer asks every few seconds. Socket.IO's requests are answered
 * before Koa and are not in it (its connections are in the metrics).
 */
import type { Logger } from 'pino';
import { PROBE_ROUTES } from './requestRoute';

/** One answered request, as the metrics middleware saw it. */
export interface RequestRecord {
  ip: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  /** The client hung up before the response was complete. */
  aborted: boolean;
}

export function accessLog(logger: Logger): (request: RequestRecord) => void {
  return (request) => {
    const quiet = PROBE_ROUTES.has(request.route) && request.status < 400 && !request.aborted;
    const { method, route, status, ms } = request;
    const tail = request.aborted ? ' (the client went away)' : '';
    const fields = { ...request, aborted: request.aborted || undefined };
    logger[quiet ? 'debug' : 'info'](fields, `${method} ${route} ${status} ${ms} ms${tail}`);
  };
}
