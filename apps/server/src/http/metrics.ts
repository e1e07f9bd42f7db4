/**
 * `GET /api/metrics`: Prometheus metrics of this node (prom-client's text format). The app's
 * own: connected sockets, canvas rooms, appends and their latency, fan-out lag, rate-limit
 * refusals, how far the subscription is behind the log; plus Node's process metrics (CPU,
 * memory, event loop, GC), collected once per process. Everything is observed from outside the
 * features: the app wires the sources in (`watch`), the event store's appends are timed by
 * `observeAppends`, refusals are 429 answers and one call where a socket is refused.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppendOutcome } from '../infrastructure/eventStore/observedAppends';

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

export class AppMetrics {
  private readonly registry = new Registry();
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

  refused(channel: RefusedBy): void {
    this.refusals.inc({ channel });
  }

  /** Counts 429 answers (every HTTP rate limit answers one). */
  countRefusals(): Middleware {
    return async (ctx, next) => {
      try {
        await next();
      } finally {
        if (ctx.status === 429) this.refused('http');
      }
    };
  }

  routes(): Router {
    const router = new Router({ prefix: '/api' });
    router.get('/metrics', async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = this.registry.contentType;
      // Two registries, one text: the app's metrics, then the process's.
      ctx.body = `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
    });
    return router;
  }
}
