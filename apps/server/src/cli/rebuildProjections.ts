/**
 * `npm run rebuild-projections`: replays the event log into the read models of the
 * configured environment (Redis when REDIS_URL is set). The embedded default keeps read
 * models in memory and rebuilds them at every start, so there is nothing to do there.
 */
import { fileURLToPath } from 'node:url';
import { openAdapters } from '../adapters';
import { PROJECTIONS } from '../projections/index';
import { ConfigError, parseConfig } from '../config';
import { rebuildProjections } from '../projections/rebuild';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

async function main(): Promise<void> {
  const config = parseConfig(process.env, repoRoot);
  if (!config.redisUrl) {
    console.log(
      'Read models are in memory (no REDIS_URL): they are rebuilt from the log at every start.',
    );
    return;
  }
  const adapters = await openAdapters(config);
  try {
    const started = performance.now();
    const { position } = await rebuildProjections(
      adapters.eventStore,
      adapters.readModels,
      PROJECTIONS,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `Rebuilt ${PROJECTIONS.map((p) => p.name).join(', ')} up to log position ${position} in ${seconds} s.`,
    );
  } finally {
    await adapters.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
