/**
 * The server's configuration, read from the environment once, in `main.ts`. Every value is
 * validated at start: a bad one stops the server with a message naming the variable.
 */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Origins allowed for CORS and Socket.IO; empty means same-origin only. */
  allowedOrigins: string[];
  eventStoreUrl?: string;
  redisUrl?: string;
  kafkaBrokers?: string[];
  demoAccounts: boolean;
  demoPassword?: string;
  /** Minutes a demo session may sit idle before another visitor can take its account. */
  demoIdleMinutes: number;
  webDist?: string;
  rateLimits: RateLimitConfig;
}

export interface RateLimitConfig {
  /** Auth requests per IP per minute. */
  authPerIpPerMinute: number;
  /** Failed logins per account per 15 minutes. */
  failedLoginsPerAccount: number;
  /** Socket messages per socket per second. */
  socketMessagesPerSecond: number;
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
    host: env.HOST || '0.0.0.0',
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
    demoPassword,
    demoIdleMinutes: integer(env, 'DEMO_IDLE_MINUTES', 15, 1, 24 * 60),
    webDist: env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : undefined,
    rateLimits: {
      authPerIpPerMinute: integer(env, 'AUTH_RATE_PER_IP_PER_MINUTE', 60, 1, 1_000_000),
      failedLoginsPerAccount: integer(env, 'AUTH_FAILED_LOGINS_PER_ACCOUNT', 10, 1, 1_000_000),
      socketMessagesPerSecond: integer(env, 'SOCKET_MESSAGES_PER_SECOND', 200, 1, 1_000_000),
    },
  };
}
