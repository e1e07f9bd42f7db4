/**
 * The server's configuration, read from the environment once, in `main.ts`. Every value is
 * validated at start: a bad one stops the server with one line naming the variable. The values
 * are checked as text by `parseConfig`; the directories they name (`DATA_DIR`, `WEB_DIST`) by
 * `checkDirectories`, and the address the server cannot listen on by `listenError`.
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_DIR_MODE } from './infrastructure/dataFiles';
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
  /** `METRICS_TOKEN`: when set, `/api/metrics` answers only `Authorization: Bearer <it>`. */
  metricsToken?: string;
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

/** A comma-separated list; unset or empty is none, but an empty entry (`a,,b`, `,`) is refused. */
function list(env: Env, name: string): string[] {
  const raw = env[name] ?? '';
  if (raw.trim() === '') return [];
  const items = raw.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) {
    throw new ConfigError(name, `an empty entry in '${raw}': expected a comma-separated list`);
  }
  return items;
}

function metricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN',
      'expected 16 to 256 printable characters without spaces (e.g. `openssl rand -hex 24`)',
    );
  }
  return raw;
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

/**
 * The repository's root, the base of the default `DATA_DIR` and `WEB_DIST`: the nearest
 * directory above `moduleUrl` whose package.json lists workspaces. The same from the sources
 * (tsx) and from the built `dist/`, whatever file of either asks; the working directory when
 * none is found (an install without the repository).
 */
export function findRepoRoot(moduleUrl: string): string {
  for (let dir = path.dirname(fileURLToPath(moduleUrl)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8')))
      return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

function statOf(file: string, variable: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new ConfigError(variable, `${file}: a part of it is a file`);
    throw new ConfigError(variable, `cannot read ${file} (${code ?? String(error)})`);
  }
}

/**
 * `DATA_DIR` made ready: a directory this process can write in, created (0700, each missing
 * level) when absent. Levels are created one at a time: a recursive mkdir under /proc never
 * returns (Node 20–24), which left the server hanging without a word.
 */
export function prepareDataDir(dataDir: string): void {
  const missing: string[] = [];
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const stat = statOf(dir, 'DATA_DIR');
    if (stat) {
      if (!stat.isDirectory()) {
        const what = dir === dataDir ? dir : `${dir}, in ${dataDir},`;
        throw new ConfigError('DATA_DIR', `${what} is not a directory`);
      }
      break;
    }
    missing.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir, { mode: DATA_DIR_MODE });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError('DATA_DIR', `cannot create ${dataDir} (${code} at ${dir})`);
    }
  }
  // A file written and removed: the one check that also holds for root and read-only mounts.
  const probe = path.join(dataDir, `.tabula-write-check-${process.pid}`);
  try {
    accessSync(dataDir, constants.W_OK | constants.X_OK);
    closeSync(openSync(probe, 'wx', 0o600));
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError('DATA_DIR', `${dataDir} is not writable by this user (${code})`);
  }
}

/** The directories the configuration names, checked before anything opens them. */
export function checkDirectories(config: Pick<Config, 'dataDir' | 'webDist'>): void {
  prepareDataDir(config.dataDir);
  if (config.webDist) {
    const stat = statOf(config.webDist, 'WEB_DIST');
    if (!stat?.isDirectory() || !existsSync(path.join(config.webDist, 'index.html'))) {
      throw new ConfigError(
        'WEB_DIST',
        `${config.webDist} is not a built web app (no index.html): build it with ` +
          '`npm run build -w @tabula/web`, or unset WEB_DIST',
      );
    }
  }
}

/**
 * Why the server could not listen, as a setting to fix: the port taken or not allowed (`PORT`),
 * or an address this machine does not have or cannot resolve (`HOST`). Undefined for anything
 * else.
 */
export function listenError(
  error: unknown,
  config: Pick<Config, 'host' | 'port'>,
): ConfigError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new ConfigError('PORT', `port ${config.port} on ${config.host} is already in use`);
    case 'EACCES':
      return new ConfigError(
        'PORT',
        `port ${config.port} needs privileges this user does not have (use 1024 or above)`,
      );
    case 'EADDRNOTAVAIL':
      return new ConfigError('HOST', `${config.host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new ConfigError('HOST', `cannot resolve '${config.host}' (${code})`);
    default:
      return undefined;
  }
}
