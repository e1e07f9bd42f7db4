/**
 * `GET /api/metrics`: Prometheus metrics of this node (prom-client's text format). The app's
 * own: HTTP requests by route pattern and status class with their latency, connected sockets,
 * canvas rooms, appends and their latency, fan-out lag, rate-limit refusals, how far the
 * subscription is behind the log; plus Node's process metrics (CPU, memory, event loop, GC),
 * collected once per process. Everything is observed from outside the features: the app wires
 * the sources in (`watch`), the event store's appends are timed by `observeAppends`, requests
 * by the outermost middleware (`observeRequests`, which also feeds the access log), refusals
 * are 429 answers and one call where a socket is refused.
 *
 * With a token (`METRICS_TOKEN`, set by `main.ts` through `configure`) the metrics answer only
 * `Authorization: Bearer <token>`; without one, anyone who reaches the port.
 */
import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppendOutcome } from '../infrastructure/eventStore/observedAppends';
import type { RequestRecord } from './accessLog';
import { routeOf, statusClass } from './requestRoute';

let processRegistry: Registry | undefined;

/** Node's default metrics, one set per process however many apps it runs (tests run several). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Where the gauges read their values at each scrape. */
export interface MetricSources {
  /** Socket.IO connections open on this node. */
  sockets(): number;
  /** Canvas rooms with at least one socket of this node. */
  rooms(): number;
  /** The log's head minus the read models' position (undefined while the store is down). */
  subscriptionLag(): Promise<number | undefined>;
}

export type RefusedBy = 'http' | 'socket';

/** What `main.ts` adds to the metrics of a served node. */
export interface MetricsOptions {
  /** The bearer token `/api/metrics` asks for (`METRICS_TOKEN`); none: open. */
  token?: string;
  /** Hears every request once its response has ended (the access log). */
  onRequest?: (request: RequestRecord) => void;
}

function sameText(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export class AppMetrics {
  private readonly registry = new Registry();
  private options: MetricsOptions = {};
  private readonly requests = new Counter({
    name: 'tabula_http_requests_total',
    help: 'HTTP requests answered by this node, by method, route pattern and status class (Socket.IO not included).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'tabula_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class: time from arrival to the response sent (or the client gone).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly appendSeconds = new Histogram({
    name: 'tabula_append_duration_seconds',
    help: 'Event store appends by outcome (ok, conflict, error): time until durable or refused.',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly appendedEvents = new Counter({
    name: 'tabula_appended_events_total',
    help: 'Events made durable by appends of this node.',
    registers: [this.registry],
  });
  private readonly fanOutLag = new Histogram({
    name: 'tabula_fanout_lag_seconds',
    help: 'From an event committed (the store clock) to this node applying it and publishing it to its sockets.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly loadThreadRaises = new Counter({
    name: 'tabula_scene_load_thread_raises_total',
    help: 'Times the scene load thread starved under SCHED_IDLE behind other work and was raised until its work was done.',
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'tabula_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit: HTTP (429 answers) or socket messages.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  /** Gauges read from the running app at each scrape. */
  watch(sources: MetricSources): void {
    const gauge = (name: string, help: string, read: () => Promise<number | undefined> | number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const value = await read();
          if (value !== undefined) this.set(value);
        },
      });
    gauge('tabula_connected_sockets', 'Socket.IO connections open on this node.', sources.sockets);
    gauge('tabula_rooms', 'Canvas rooms with a socket of this node.', sources.rooms);
    gauge(
      'tabula_subscription_lag',
      "The log's head position minus the read models' position (0: caught up).",
      sources.subscriptionLag,
    );
  }

  observeAppend(seconds: number, outcome: AppendOutcome, events: number): void {
    this.appendSeconds.observe({ outcome }, seconds);
    if (outcome === 'ok') this.appendedEvents.inc(events);
  }

  /** One event applied by this node, committed at `recordedAt` (ISO-8601, when known). */
  observeFanOut(recordedAt: string | undefined, now = Date.now()): void {
    if (recordedAt) this.fanOutLag.observe(Math.max(0, now - Date.parse(recordedAt)) / 1000);
  }

  loadThreadRaised(): void {
    this.loadThreadRaises.inc();
  }

  refused(channel: RefusedBy): void {
    this.refusals.inc({ channel });
  }

  /** Set once, before the server listens: the metrics' token and the access log. */
  configure(options: MetricsOptions): void {
    this.options = options;
  }

  /**
   * The outermost middleware: each request counted and timed by route pattern and status
   * class once its response has ended or its client has gone (then `aborted`), and passed to
   * the access log; 429 answers counted as refusals (every HTTP rate limit answers one).
   */
  observeRequests(): Middleware {
    return async (ctx, next) => {
      const started = performance.now();
      ctx.res.once('close', () => {
        const status = ctx.res.statusCode;
        const route = routeOf(ctx, status);
        const labels = { method: ctx.method, route, status_class: statusClass(status) };
        const seconds = (performance.now() - started) / 1000;
        this.requests.inc(labels);
        this.requestSeconds.observe(labels, seconds);
        this.options.onRequest?.({
          ip: ctx.ip,
          method: ctx.method,
          route,
          status,
          ms: Math.round(seconds * 1000),
          aborted: !ctx.res.writableFinished,
        });
      });
      try {
        await next();
      } finally {
        if (ctx.status === 429) this.refused('http');
      }
    };
  }

  /** `observeRequests`, under the name `app.ts` composes it by. */
  countRefusals(): Middleware {
    return this.observeRequests();
  }

  routes(): Router {
    const router = new Router({ prefix: '/api' });
    router.get('/metrics', async (ctx) => {
      const { token } = this.options;
      if (token && !sameText(ctx.get('Authorization'), `Bearer ${token}`)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { success: false, message: 'The metrics need their token (METRICS_TOKEN).' };
        return;
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.type = this.registry.contentType;
      // Two registries, one text: the app's metrics, then the process's.
      ctx.body = `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
    });
    return router;
  }
}
