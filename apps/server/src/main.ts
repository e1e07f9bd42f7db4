/**
 * The composition root: the only module that reads the environment. It validates the
 * configuration, opens the adapters and starts the app. SIGTERM and SIGINT stop it gracefully
 * (`TabulaApp.close`, then the adapters) within `STOP_DEADLINE_MS`; exit code 0 when clean.
 * A bad setting (a value, a data directory it cannot write, an address it cannot listen on) or
 * an unreachable dependency stops it with one line naming the variable, code 1. Once listening
 * it says where to sign in, whether the demo accounts are on, and where the data is; then each
 * HTTP request gets an access log line (`http/accessLog.ts`).
 *
 * Run as TypeScript (`npm run dev -w @tabula/server`, tsx) from src/main.ts or built (`npm start`)
 * from dist/main.js: the repository's root (the base of the default DATA_DIR and WEB_DIST) is
 * the nearest directory above this file whose package.json lists workspaces, from either.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { UnreachableError, demoPassword, openAdapters, startKafka } from './adapters';
import type { Config } from './config';
import {
  ConfigError,
  checkDirectories,
  exposureWarning,
  findRepoRoot,
  listenError,
  parseConfig,
} from './config';
import { accessLog } from './http/accessLog';
import { createLogger, errorReporter } from './logger';
import type { Logger } from './logger';

const repoRoot = findRepoRoot(import.meta.url);

/** A stop that takes longer than this ends the process anyway (exit code 1). */
export const STOP_DEADLINE_MS = 9_000;

let logger: Logger | undefined;

async function main(): Promise<void> {
  const config = parseConfig(process.env, repoRoot);
  logger = createLogger({
    nodeId: config.nodeId,
    level: config.logLevel,
    format: config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json'),
  });
  const log = logger;
  const logError = errorReporter(log);
  checkDirectories(config);
  const webDist = config.webDist ?? path.join(repoRoot, 'apps/web/dist');
  const adapters = await openAdapters(config);
  const app = await createApp({
    ...adapters,
    allowedOrigins: config.allowedOrigins,
    embedOrigins: config.embedOrigins,
    demo: {
      enabled: config.demoAccounts,
      password: demoPassword(config),
      idleMs: config.demoIdleMinutes * 60_000,
    },
    webDist,
    trustProxy: config.trustProxy,
    rateLimits: config.rateLimits,
    quotas: config.quotas,
    sceneMemoryBytes: config.sceneMemoryBytes,
    socketCompression: config.socketCompression,
    // Three heartbeats per TTL: a live node's sockets never expire between two.
    heartbeat: { presenceRefreshMs: Math.round(config.presenceTtlMs / 3) },
    logError,
  });
  app.context.metrics.configure({ token: config.metricsToken, onRequest: accessLog(log) });
  const stopRelay = config.kafkaBrokers
    ? await startKafka(config.kafkaBrokers, adapters, (error) => logError(error, 'kafka'))
    : async () => undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, 'Stopping: no new connections, sockets closed, appends under way finish');
    setTimeout(() => {
      log.error(`Not stopped within ${STOP_DEADLINE_MS} ms: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await app.close();
    await stopRelay();
    await adapters.close();
    log.info({ ms: Date.now() - started }, 'Stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () =>
      stop(signal).catch((error: unknown) => {
        logError(error, 'stop');
        process.exit(1);
      }),
    );
  }

  const url = await app.listen(config.port, config.host).catch((error: unknown) => {
    throw listenError(error, config) ?? error;
  });
  const warning = exposureWarning(config, url);
  if (warning) log.warn(warning);
  // A wildcard address is not one to open: show the local name.
  const shown = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const webBuilt = existsSync(path.join(webDist, 'index.html'));
  // Announced once the signals are handled: whoever waits for this line may stop the server.
  log.info(
    { url: shown, dataDir: config.dataDir, demoAccounts: config.demoAccounts, webBuilt },
    banner(config, shown, webBuilt),
  );
}

/** The start line: where it listens and keeps its data, where to sign in, the demo accounts. */
function banner(config: Config, url: string, webBuilt: boolean): string {
  const signIn = webBuilt
    ? `sign in at ${url}/signin`
    : `the web app is not built (npm run build -w @tabula/web), the API answers`;
  const demo = config.demoAccounts
    ? 'demo accounts on (one-click sign-in; DEMO_ACCOUNTS=off turns them off)'
    : 'demo accounts off';
  return `Tabula is listening on ${url} (data: ${config.dataDir}): ${signIn}; ${demo}`;
}

main().catch((error: unknown) => {
  // What an operator can fix gets one line; anything else its stack.
  const known = error instanceof ConfigError || error instanceof UnreachableError;
  const log = logger ?? createLogger({ nodeId: process.env.NODE_ID || 'tabula' });
  if (known) log.fatal(error.message);
  else log.fatal({ err: error }, 'Tabula could not start');
  process.exit(1);
});
