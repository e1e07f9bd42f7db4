/**
 * The server's configuration, read from the environment once, in `main.ts`. Every value is
 * validated at start: a bad one stops the server with one line naming the variable. The values
 * are checked as text by `parseConfig` (each kind of value by its reader in `configValues.ts`);
 * the directories they name (`DATA_DIR`, `WEB_DIST`) by `checkDirectories`, and the address the
 * server cannot listen on by `listenError` (`configChecks.ts`).
 */
import path from 'node:path';
import { DEFAULT_INBOUND_THROTTLE } from './features/canvases/quotas/inboundThrottle';
import { DEFAULT_QUOTAS } from './features/canvases/quotas/quotas';
import type { QuotaConfig } from './features/canvases/quotas/quotas';
import {
  ConfigError,
  allowedOrigins,
  embedOrigins,
  flag,
  host,
  integer,
  list,
  metricsToken,
  nodeId,
  oneOf,
  trustProxy,
  url,
} from './configValues';
import type { Env } from './configValues';

export { ConfigError } from './configValues';
export { checkDirectories, findRepoRoot, listenError, prepareDataDir } from './configChecks';

export interface Config {
  port: number;
  /** The interface to listen on: loopback unless `HOST` says otherwise. */
  host: string;
  /**
   * Proxies in front of the server whose `X-Forwarded-*` headers are trusted (0: none, the
   * headers are ignored). With 1, the client address is the one the nearest proxy appended.
   */
  trustProxy: number;
  dataDir: string;
  /** Origins allowed for CORS and Socket.IO; empty means same-origin only. */
  allowedOrigins: string[];
  eventStoreUrl?: string;
  redisUrl?: string;
  kafkaBrokers?: string[];
  demoAccounts: boolean;
  /** `SOCKET_COMPRESSION`: permessage-deflate for large socket messages (default on). */
  socketCompression: boolean;
  demoPassword?: string;
  /** Minutes a demo session may sit idle before another visitor can take its account. */
  demoIdleMinutes: number;
  /** How long a socket counts as online without its node's heartbeat (Redis presence). */
  presenceTtlMs: number;
  webDist?: string;
  rateLimits: RateLimitConfig;
  quotas: QuotaConfig;
  /** Scene text this node keeps for the canvases in use (`SCENE_MEMORY_MB`, default 256). */
  sceneMemoryBytes: number;
  /** This node's name in the logs (`NODE_ID`, default the host name). */
  nodeId: string;
  /** pino's level (`LOG_LEVEL`, default info). */
  logLevel: string;
  /** `LOG_FORMAT`: json, or pretty for a terminal (default: pretty when stdout is a terminal). */
  logFormat?: 'json' | 'pretty';
  /** `METRICS_TOKEN`: when set, `/api/metrics` answers only `Authorization: Bearer <it>`. */
  metricsToken?: string;
  /** `EMBED_ORIGINS`: the sites allowed to frame `/embed/…` (`frame-ancestors`); none by default. */
  embedOrigins: string[];
}

export interface RateLimitConfig {
  /** Auth requests per IP per minute. */
  authPerIpPerMinute: number;
  /** Failed logins per account before each further attempt waits (1 s, doubling, ≤ 30 s). */
  failedLoginsPerAccount: number;
  /** Failed logins per IP before each further attempt waits (1 s, doubling, ≤ 5 min). */
  failedLoginsPerIp?: number;
  /** Socket messages per socket per second. */
  socketMessagesPerSecond: number;
  /** Bytes one connection may send per second, after `socketBurstBytes` (`inboundThrottle.ts`). */
  socketBytesPerSecond?: number;
  socketBurstBytes?: number;
}

/** Whether `host` only accepts connections from this machine. */
export function isLoopback(hostName: string): boolean {
  return hostName === 'localhost' || hostName === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostName);
}

/**
 * The warning printed at start when anyone who can reach the port could sign in with one click
 * (demo accounts on, listening beyond loopback); undefined when the setup is safe.
 */
export function exposureWarning(
  config: Pick<Config, 'host' | 'demoAccounts'>,
  url: string,
): string | undefined {
  if (!config.demoAccounts || isLoopback(config.host)) return undefined;
  return [
    '',
    '!!! WARNING: the demo accounts are on and Tabula listens beyond this machine',
    `!!! (HOST=${config.host}, ${url}). Anyone who can reach this port can sign in`,
    '!!! with one click and read or change the demo boards.',
    '!!! For a real deployment set DEMO_ACCOUNTS=off (see docs/deployment.md);',
    '!!! for local use only, leave HOST unset (it defaults to 127.0.0.1).',
    '',
  ].join('\n');
}

export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const brokers = list(env, 'KAFKA_BROKERS');
  for (const broker of brokers) {
    const port = /^[^:\s]+:(\d{1,5})$/.exec(broker)?.[1];
    if (port === undefined || Number(port) < 1 || Number(port) > 65535)
      throw new ConfigError('KAFKA_BROKERS', `'${broker}' is not host:port`);
  }
  const demoPassword = env.DEMO_PASSWORD || undefined;
  if (demoPassword !== undefined && demoPassword.length < 8) {
    throw new ConfigError('DEMO_PASSWORD', 'must be at least 8 characters');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: host(env),
    trustProxy: trustProxy(env),
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    allowedOrigins: allowedOrigins(env),
    embedOrigins: embedOrigins(env),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', [
      'kurrentdb:',
      'esdb:',
      'kurrentdb+discover:',
      'esdb+discover:',
      'postgres:',
      'postgresql:',
    ]),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    kafkaBrokers: brokers.length ? brokers : undefined,
    demoAccounts: flag(env, 'DEMO_ACCOUNTS', true),
    socketCompression: flag(env, 'SOCKET_COMPRESSION', true),
    demoPassword,
    demoIdleMinutes: integer(env, 'DEMO_IDLE_MINUTES', 15, 1, 24 * 60),
    presenceTtlMs: integer(env, 'PRESENCE_TTL_MS', 30_000, 1_000, 10 * 60_000),
    webDist: env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : undefined,
    rateLimits: {
      authPerIpPerMinute: integer(env, 'AUTH_RATE_PER_IP_PER_MINUTE', 60, 1, 1_000_000),
      failedLoginsPerAccount: integer(env, 'AUTH_FAILED_LOGINS_PER_ACCOUNT', 10, 1, 1_000_000),
      failedLoginsPerIp: integer(env, 'AUTH_FAILED_LOGINS_PER_IP', 20, 1, 1_000_000),
      socketMessagesPerSecond: integer(env, 'SOCKET_MESSAGES_PER_SECOND', 200, 1, 1_000_000),
      socketBytesPerSecond: integer(
        env,
        'SOCKET_BYTES_PER_SECOND',
        DEFAULT_INBOUND_THROTTLE.bytesPerSecond,
        1024,
        Number.MAX_SAFE_INTEGER,
      ),
      socketBurstBytes: integer(
        env,
        'SOCKET_BURST_BYTES',
        DEFAULT_INBOUND_THROTTLE.burstBytes,
        1024,
        Number.MAX_SAFE_INTEGER,
      ),
    },
    nodeId: nodeId(env),
    logLevel:
      oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) ??
      'info',
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty']),
    metricsToken: metricsToken(env),
    quotas: quotas(env),
    sceneMemoryBytes: integer(env, 'SCENE_MEMORY_MB', 256, 1, 1024 * 1024) * 1024 * 1024,
  };
}

/** `QUOTA_*`: what one user or canvas may store (see `DEFAULT_QUOTAS` for the defaults). */
function quotas(env: Env): QuotaConfig {
  const most = Number.MAX_SAFE_INTEGER;
  const fallback = DEFAULT_QUOTAS;
  return {
    bytesPerMinute: integer(env, 'QUOTA_BYTES_PER_MINUTE', fallback.bytesPerMinute, 1024, most),
    burstBytes: integer(env, 'QUOTA_BURST_BYTES', fallback.burstBytes, 1024, most),
    elementsPerCanvas: integer(
      env,
      'QUOTA_ELEMENTS_PER_CANVAS',
      fallback.elementsPerCanvas,
      1,
      most,
    ),
    bytesPerCanvas: integer(env, 'QUOTA_BYTES_PER_CANVAS', fallback.bytesPerCanvas, 1024, most),
    canvasesPerUser: integer(env, 'QUOTA_CANVASES_PER_USER', fallback.canvasesPerUser, 1, most),
  };
}
