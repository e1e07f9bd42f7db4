/**
 * The composition root: the only module that reads the environment. It validates the
 * configuration, opens the adapters and starts the app; SIGINT/SIGTERM close it cleanly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { demoPassword, openAdapters, startKafka } from './adapters';
import { ConfigError, parseConfig } from './config';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

async function main(): Promise<void> {
  const config = parseConfig(process.env, repoRoot);
  const adapters = await openAdapters(config);
  const app = await createApp({
    ...adapters,
    allowedOrigins: config.allowedOrigins,
    demo: {
      enabled: config.demoAccounts,
      password: demoPassword(config),
      idleMs: config.demoIdleMinutes * 60_000,
    },
    webDist: config.webDist ?? path.join(repoRoot, 'apps/web/dist'),
    rateLimits: config.rateLimits,
  });
  const stopRelay = config.kafkaBrokers
    ? await startKafka(config.kafkaBrokers, adapters, (error) => console.error('[kafka]', error))
    : async () => undefined;
  const url = await app.listen(config.port, config.host);
  console.log(
    `Tabula is listening on ${url.replace('0.0.0.0', 'localhost')} (data: ${config.dataDir})`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await stopRelay();
    await adapters.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
