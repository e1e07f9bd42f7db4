/**
 * `GET /api/health`: each dependency checked with a cheap call (the event store's head, the read
 * models' and presence stores' round trip, Redis when set) and the subscription's lag, the log's
 * head minus where the read models are. 200 when every part is up; 503 naming the parts down.
 *
 * For load balancers and orchestrators, at the root: `GET /health` (liveness: 200 while the
 * process serves at all) and `GET /ready` (readiness: the same checks as `/api/health`, and 503
 * once the node is stopping, so that new clients go to another node). The server listens only
 * once its read models have caught up with the log, so a node that answers has caught up once.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../appContext';

/** A dependency that has not answered within this long counts as down. */
export const HEALTH_TIMEOUT_MS = 2_000;

type Part = 'eventStore' | 'readModels' | 'presence' | 'subscription';

export interface PartHealth {
  status: 'ok' | 'down';
  /** The event store's head position; the subscription's position and lag behind that head. */
  head?: number;
  position?: number;
  lag?: number;
}

/** The `data` of a health answer. */
export interface HealthReport {
  status: 'ok' | 'down';
  /** Where the read models are in the log. */
  position: number;
  checks: Record<Part, PartHealth>;
}

function withinTimeout<T>(work: Promise<T>, part: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${part} did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
      HEALTH_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Every part's health; the reasons of failures go to `logError`, not to the caller. */
/** What the health checks read of the app. */
export type HealthDeps = Pick<
  AppContext,
  'logError' | 'eventStore' | 'readModels' | 'presence' | 'projections'
>;

export async function checkHealth(context: HealthDeps): Promise<Record<Part, PartHealth>> {
  async function check<T>(part: Part, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withinTimeout(call(), part);
    } catch (error) {
      context.logError(error, `health: ${part}`);
      return undefined;
    }
  }
  const [head, readModels, presence] = await Promise.all([
    check('eventStore', () => context.eventStore.headPosition()),
    check('readModels', async () => (await context.readModels.getCheckpoint('health'), true)),
    check('presence', async () => (await context.presence.ping(), true)),
  ]);
  const position = context.projections.currentPosition;
  const lag = head === undefined ? undefined : Math.max(0, head - position);
  return {
    eventStore: head === undefined ? { status: 'down' } : { status: 'ok', head },
    readModels: { status: readModels ? 'ok' : 'down' },
    presence: { status: presence ? 'ok' : 'down' },
    subscription: {
      status: context.projections.failed ? 'down' : 'ok',
      position,
      ...(lag === undefined ? {} : { lag }),
    },
  };
}

/** The health answer: 200 with every part up, else 503 naming what is down (or `stopping`). */
async function answerHealth(ctx: Context, context: HealthDeps, stopping = false): Promise<void> {
  const checks = await checkHealth(context);
  const down = Object.entries(checks)
    .filter(([, health]) => health.status === 'down')
    .map(([part]) => part);
  if (stopping) down.push('stopping');
  const data: HealthReport = {
    status: down.length ? 'down' : 'ok',
    position: context.projections.currentPosition,
    checks,
  };
  ctx.set('Cache-Control', 'no-store');
  if (down.length) {
    ctx.status = 503;
    ctx.body = { success: false, message: `Unavailable: ${down.join(', ')}.`, data };
  } else {
    ctx.body = { success: true, data };
  }
}

export function healthRoutes(context: HealthDeps): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => answerHealth(ctx, context));
  return router;
}

/** `/health` and `/ready` at the root; `stopping()` is true once a graceful stop has begun. */
export function probeRoutes(context: HealthDeps, stopping: () => boolean): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: { status: 'ok' } };
  });
  router.get('/ready', (ctx) => answerHealth(ctx, context, stopping()));
  return router;
}
