/**
 * How each kind of setting is read from the environment: whole numbers, on/off flags, host
 * names, URLs, lists, origins, secrets. Each reader gives the value or throws a `ConfigError`
 * naming the variable and what was expected; unset or empty means the default.
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment variable ${variable}: ${reason}`);
  }
}

export type Env = Record<string, string | undefined>;

export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected on/off, got '${env[name]}'`);
}

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export function host(env: Env): string {
  const raw = env.HOST;
  if (raw === undefined || raw === '') return '127.0.0.1';
  if (isIP(raw) || HOSTNAME.test(raw)) return raw;
  throw new ConfigError('HOST', `expected an IP address or a host name, got '${raw}'`);
}

/** `TRUST_PROXY`: off/on, or how many proxies stand in front (on is one). */
export function trustProxy(env: Env): number {
  const raw = (env.TRUST_PROXY ?? '').toLowerCase();
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 16);
  if (['', 'off', 'false', 'no'].includes(raw)) return 0;
  if (['on', 'true', 'yes'].includes(raw)) return 1;
  throw new ConfigError(
    'TRUST_PROXY',
    `expected off, on or the number of proxies in front (0 to 16), got '${env.TRUST_PROXY}'`,
  );
}

export function oneOf<T extends string>(
  env: Env,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got '${env[name]}'`);
}

export function nodeId(env: Env): string {
  const raw = env.NODE_ID || hostname();
  if (/^[\w.:-]{1,64}$/.test(raw)) return raw;
  throw new ConfigError('NODE_ID', `expected up to 64 letters, digits, '.', ':', '_' or '-'`);
}

export function url(env: Env, name: string, protocols: string[]): string | undefined {
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
export function list(env: Env, name: string): string[] {
  const raw = env[name] ?? '';
  if (raw.trim() === '') return [];
  const items = raw.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) {
    throw new ConfigError(name, `an empty entry in '${raw}': expected a comma-separated list`);
  }
  return items;
}

export function metricsToken(env: Env): string | undefined {
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

/** `ALLOWED_ORIGINS`: exact origins (scheme, host, port), as browsers send them in `Origin`. */
export function allowedOrigins(env: Env): string[] {
  const origins = list(env, 'ALLOWED_ORIGINS');
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        'ALLOWED_ORIGINS',
        `'${origin}' is not an origin like https://example.com`,
      );
    }
  }
  return origins;
}

/** An origin a CSP source list takes: a scheme, a host (or `*.` a domain's hosts), a port. */
const FRAMING_ORIGIN =
  /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/**
 * `EMBED_ORIGINS`: the sites whose pages may frame `/embed/…` (CSP `frame-ancestors`), each
 * an origin like `https://wiki.example.com`, a domain's sites `https://*.example.com`, or `*`
 * alone for any site. Written lower-case, without a default port, so each is the one the
 * browser compares.
 */
export function embedOrigins(env: Env): string[] {
  const entries = list(env, 'EMBED_ORIGINS');
  if (entries.includes('*')) {
    if (entries.length > 1)
      throw new ConfigError(
        'EMBED_ORIGINS',
        `'*' (any site) stands alone, got '${env.EMBED_ORIGINS}'`,
      );
    return ['*'];
  }
  return entries.map((entry) => {
    const port = Number(/:(\d+)$/.exec(entry)?.[1] ?? 1);
    if (!FRAMING_ORIGIN.test(entry) || port < 1 || port > 65535) {
      throw new ConfigError(
        'EMBED_ORIGINS',
        `'${entry}' is not an origin like https://wiki.example.com or https://*.example.com (or * alone)`,
      );
    }
    const lower = entry.toLowerCase();
    return lower
      .replace(/^http:\/\/(.*):80$/, 'http://$1')
      .replace(/^https:\/\/(.*):443$/, 'https://$1');
  });
}
