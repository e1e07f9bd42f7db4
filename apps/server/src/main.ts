/**
 * The composition root: the only module that reads the environment. It validates the
 * configuration, opens the adapters and starts the app; SIGINT/SIGTERM close it cleanly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { demoPassword, openAdapters, startKafka } from './adapters';
import { ConfigError, exposureWarning, parseConfig } from './config';

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
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    quotas: config.quotas,
  });
  const stopRelay = config.kafkaBrokers
    ? await startKafka(config.kafkaBrokers, adapters, (error) => console.error('[kafka]', error))
    : async () => undefined;
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

  const url = await app.listen(config.port, config.host);
  const warning = exposureWarning(config, url);
  if (warning) console.error(warning);
  // A wildcard address is not one to open: show the local name.
  const shown = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  // Announced once the signals are handled: whoever waits for this line may stop the server.
  console.log(`Tabula is listening on ${shown} (data: ${config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
