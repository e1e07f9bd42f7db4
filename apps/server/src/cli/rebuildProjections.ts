/**
 * `npm run rebuild-projections`: replays the event log into the read models of the
 * configured environment (Redis when REDIS_URL is set), beside the live ones, and swaps them
 * in once they have caught up: safe while nodes serve (see `rebuildBesideLive`). The embedded
 * default keeps read models in memory, saved beside the log (`read-models.json`): the command
 * removes that file, so the next start rebuilds them from the whole log (run it with the
 * server stopped: a running server writes the file again).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openAdapters } from '../adapters';
import { PROJECTIONS } from '../projections/index';
import { ConfigError, findRepoRoot, parseConfig } from '../config';
import { rebuildBesideLive } from '../projections/rebuildBesideLive';

const repoRoot = findRepoRoot(import.meta.url);

async function main(): Promise<void> {
  const config = parseConfig(process.env, repoRoot);
  if (!config.redisUrl) {
    const file = path.join(config.dataDir, 'read-models.json');
    rmSync(file, { force: true });
    console.log(`Removed ${file}: the next start rebuilds the read models from the whole log.`);
    return;
  }
  const adapters = await openAdapters(config);
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl);
  try {
    const started = performance.now();
    const { position } = await rebuildBesideLive({
      eventStore: adapters.eventStore,
      redis,
      projections: PROJECTIONS,
      onError: (error) => console.error('[rebuild]', error),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `Rebuilt ${PROJECTIONS.map((p) => p.name).join(', ')} up to log position ${position} in ${seconds} s.`,
    );
  } finally {
    redis.disconnect();
    await adapters.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
