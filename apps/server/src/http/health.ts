/**
 * `GET /api/health`: each dependency checked with a cheap call (the event store's head, the read
 * models' and presence stores' round trip, Redis when set) and the subscription's lag, the log's
 * head minus where the read models are. 200 when every part is up; 503 naming the parts down.
 */
import Router from '@koa/router';
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
export async function checkHealth(context: AppContext): Promise<Record<Part, PartHealth>> {
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

export function healthRoutes(context: AppContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const checks = await checkHealth(context);
    const down = Object.entries(checks)
      .filter(([, health]) => health.status === 'down')
      .map(([part]) => part);
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
  });
  return router;
}
