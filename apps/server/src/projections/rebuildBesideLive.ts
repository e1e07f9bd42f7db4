/**
 * Rebuilds the Redis read models while nodes serve them: the projections replay the whole log
 * into a shadow prefix, follow the log until they have applied everything the live models
 * have, then the shadow takes the live models' place in one atomic step (`swapInShadow`).
 * Nodes never see an empty or half-built read model, and what they commit meanwhile is not
 * lost: the swap only happens when no live checkpoint is beyond what the shadow applied.
 */
import type { Redis } from 'ioredis';
import type { Event } from '@tabula/domain';
import type { EventStore } from '../infrastructure/eventStore/eventStore';
import { createRedisReadModelStore } from '../infrastructure/readModels/redisReadModelStore';
import {
  furthestLiveCheckpoint,
  swapInShadow,
} from '../infrastructure/readModels/redisReadModelSwap';
import type { Projection } from './projection';
import { ProjectionRunner } from './projectionRunner';
import { REDIS_READ_MODELS_PREFIX } from './readModelKeys';

export interface RebuildBesideLiveOptions {
  eventStore: EventStore<Event>;
  /** The caller's client; it stays open. */
  redis: Redis;
  projections: readonly Projection[];
  live?: string;
  onError?: (error: unknown) => void;
}

/** Resolves with the log position the rebuilt models had when they went live. */
export async function rebuildBesideLive(
  options: RebuildBesideLiveOptions,
): Promise<{ position: number }> {
  const live = options.live ?? REDIS_READ_MODELS_PREFIX;
  const shadowPrefix = `${live}-rebuild`;
  const shadow = createRedisReadModelStore({ redis: options.redis, prefix: shadowPrefix });
  await shadow.clear();
  const runner = new ProjectionRunner(
    options.eventStore,
    shadow,
    options.projections,
    options.onError,
  );
  try {
    await runner.start();
    for (;;) {
      const position = runner.currentPosition;
      if (await swapInShadow(options.redis, { live, shadow: shadowPrefix, position }))
        return { position };
      // The live models are ahead (catch up to them) or behind (let the nodes catch up). A
      // live checkpoint beyond the log's last event (that event was erased since) is passed
      // once the log moves beyond it.
      const ahead = await furthestLiveCheckpoint(options.redis, live);
      if (ahead > runner.currentPosition) await runner.waitFor(ahead);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    runner.stop();
    // An event being applied as it stopped would write to the shadow after the clear.
    await runner.idle();
    await shadow.clear();
  }
}
