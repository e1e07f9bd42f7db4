/**
 * Every setting the server reads, given a bad value, stops the built server (plain node, as the
 * image runs it) before it listens: exit code 1, nothing on stdout, one line on stderr naming
 * the variable, no stack. Also what only shows when it is used: a DATA_DIR that is a file or
 * cannot be created (under /proc a recursive mkdir never returned: the server hung without a
 * word), an address this machine does not have, a port already taken.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, logLines, runBuilt } from './support/builtServer';
import type { Built } from './support/builtServer';

let built: Built;
const root = mkdtempSync(path.join(tmpdir(), 'tabula-settings-'));
beforeAll(() => {
  built = buildServer('settings');
});
afterAll(() => {
  built?.remove();
  rmSync(root, { recursive: true, force: true });
});

/** Starts the server with `env` over sound defaults; answers the one line it printed. */
async function refusal(env: Record<string, string>): Promise<string> {
  const run = await runBuilt(built.outdir, 'main.js', [], {
    PORT: '0',
    DATA_DIR: path.join(root, 'data'),
    DEMO_ACCOUNTS: 'off',
    ...env,
  });
  expect(run.stdout).toBe('');
  expect(run.code).toBe(1);
  const lines = logLines(run.stderr);
  expect(lines).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(lines[0]).toMatchObject({ level: 60 });
  return String(lines[0]!.msg);
}

// [variable, a bad value, what the message says after the variable's name]
const BAD_VALUES: Array<[string, string, string]> = [
  ['PORT', '70000', 'expected an integer from 0 to 65535'],
  ['HOST', 'http://example.com', 'expected an IP address or a host name'],
  ['TRUST_PROXY', 'sometimes', 'expected off, on or the number of proxies'],
  ['ALLOWED_ORIGINS', 'https://a.example,,https://b.example', 'an empty entry'],
  ['EVENTSTORE_URL', 'mysql://db/tabula', "got 'mysql:'"],
  ['REDIS_URL', 'not a url', 'not a URL'],
  ['KAFKA_BROKERS', ',', 'an empty entry'],
  ['DEMO_ACCOUNTS', 'perhaps', 'expected on/off'],
  ['SOCKET_COMPRESSION', '2', 'expected on/off'],
  ['DEMO_PASSWORD', 'short', 'at least 8 characters'],
  ['DEMO_IDLE_MINUTES', '0', 'expected an integer from 1'],
  ['PRESENCE_TTL_MS', '10', 'expected an integer from 1000'],
  ['WEB_DIST', '/nonexistent/web', 'is not a built web app'],
  ['AUTH_RATE_PER_IP_PER_MINUTE', 'many', 'expected an integer'],
  ['AUTH_FAILED_LOGINS_PER_ACCOUNT', '-1', 'expected an integer'],
  ['AUTH_FAILED_LOGINS_PER_IP', '1.5', 'expected an integer'],
  ['SOCKET_MESSAGES_PER_SECOND', '0', 'expected an integer'],
  ['SOCKET_BYTES_PER_SECOND', '10', 'expected an integer from 1024'],
  ['SOCKET_BURST_BYTES', 'lots', 'expected an integer from 1024'],
  ['NODE_ID', 'two words', 'expected up to 64 letters'],
  ['LOG_LEVEL', 'loud', 'expected one of fatal, error'],
  ['LOG_FORMAT', 'xml', 'expected one of json, pretty'],
  ['METRICS_TOKEN', 'short', 'expected 16 to 256 printable characters'],
  ['SCENE_MEMORY_MB', '0', 'expected an integer from 1'],
  ['QUOTA_BYTES_PER_MINUTE', '5', 'expected an integer from 1024'],
  ['QUOTA_BURST_BYTES', 'x', 'expected an integer from 1024'],
  ['QUOTA_ELEMENTS_PER_CANVAS', '0', 'expected an integer from 1'],
  ['QUOTA_BYTES_PER_CANVAS', '1', 'expected an integer from 1024'],
  ['QUOTA_CANVASES_PER_USER', 'none', 'expected an integer from 1'],
  ['EMBED_ORIGINS', 'wiki.example.com', 'is not an origin like https://wiki.example.com'],
];

describe('a bad value stops the start with one line naming the variable', () => {
  it.each(BAD_VALUES)('%s=%s', async (variable, value, reason) => {
    const message = await refusal({ [variable]: value });
    expect(message).toMatch(new RegExp(`^Invalid environment variable ${variable}: `));
    expect(message).toContain(reason);
  });

  it('KAFKA_BROKERS=host:99999 (a port out of range)', async () => {
    expect(await refusal({ KAFKA_BROKERS: 'kafka:99999' })).toBe(
      "Invalid environment variable KAFKA_BROKERS: 'kafka:99999' is not host:port",
    );
  });
});

describe('DATA_DIR', () => {
  it('a file: /etc/hostname', async () => {
    expect(await refusal({ DATA_DIR: '/etc/hostname' })).toBe(
      'Invalid environment variable DATA_DIR: /etc/hostname is not a directory',
    );
  });

  it('below a file', async () => {
    expect(await refusal({ DATA_DIR: '/etc/hostname/data' })).toMatch(
      /^Invalid environment variable DATA_DIR: \/etc\/hostname\/data: a part of it is a file/,
    );
  });

  it('that cannot be created: /proc/forbidden, without hanging', async () => {
    expect(await refusal({ DATA_DIR: '/proc/forbidden' })).toBe(
      'Invalid environment variable DATA_DIR: cannot create /proc/forbidden (ENOENT at /proc/forbidden)',
    );
  });

  it('that cannot be written: /proc/self', async () => {
    expect(await refusal({ DATA_DIR: '/proc/self' })).toMatch(
      /^Invalid environment variable DATA_DIR: \/proc\/self is not writable by this user \(E[A-Z]+\)$/,
    );
  });
});

describe('what only listening shows', () => {
  it('HOST: an address this machine does not have', async () => {
    // TEST-NET-1 (RFC 5737): never an address of a machine.
    expect(await refusal({ HOST: '192.0.2.1' })).toBe(
      'Invalid environment variable HOST: 192.0.2.1 is not an address of this machine',
    );
  });

  it('PORT: a port already taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      expect(await refusal({ PORT: String(port) })).toBe(
        `Invalid environment variable PORT: port ${port} on 127.0.0.1 is already in use`,
      );
    } finally {
      taken.close();
    }
  });
});
