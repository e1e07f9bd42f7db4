/**
 * The server's configuration, read from the environment once, in `main.ts`. Every value is
 * validated at start: a bad one stops the server with a message naming the variable.
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { DEFAULT_INBOUND_THROTTLE } from './features/canvases/quotas/inboundThrottle';
import { DEFAULT_QUOTAS } from './features/canvases/quotas/quotas';
import type { QuotaConfig } from './features/canvases/quotas/quotas';

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

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment variable ${variable}: ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected on/off, got '${env[name]}'`);
}

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function host(env: Env): string {
  const raw = env.HOST;
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (isIP(raw) || HOSTNAME.test(raw)) return raw;
  throw new ConfigError('HOST', `expected an IP address or a host name, got '${raw}'`);
}

/** `TRUST_PROXY`: off/on, or how many proxies stand in front (on is one). */
function trustProxy(env: Env): number {
  const raw = (env.TRUST_PROXY ?? '').toLowerCase();
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 16);
  if (['', 'off', 'false', 'no'].includes(raw)) return 0;
  if (['on', 'true', 'yes'].includes(raw)) return 1;
  throw new ConfigError(
    'TRUST_PROXY',
    `expected off, on or the number of proxies in front (0 to 16), got '${env.TRUST_PROXY}'`,
  );
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

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[]): T | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got '${env[name]}'`);
}

function nodeId(env: Env): string {
  const raw = env.NODE_ID || hostname();
  if (/^[\w.:-]{1,64}$/.test(raw)) return raw;
  throw new ConfigError('NODE_ID', `expected up to 64 letters, digits, '.', ':', '_' or '-'`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `not a URL: '${raw}'`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected ${protocols.join(' or ')} URL, got '${parsed.protocol}'`);
  }
  return raw;
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const origins = list(env, 'ALLOWED_ORIGINS');
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        'ALLOWED_ORIGINS',
        `'${origin}' is not an origin like https://example.com`,
      );
    }
  }
  const brokers = list(env, 'KAFKA_BROKERS');
  for (const broker of brokers) {
    if (!/^[^:\s]+:\d+$/.test(broker))
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
    allowedOrigins: origins,
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
