import { describe, expect, it } from 'vitest';
import { ConfigError, exposureWarning, listenError, parseConfig } from './config';
import { DEFAULT_QUOTAS } from './features/canvases/quotas/quotas';

const SERVED = 'http://0.0.0.0:3000';

function refusal(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe('HOST', () => {
  it('defaults to loopback', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
  });

  it('takes an IP address or a host name', () => {
    for (const host of ['0.0.0.0', '::', '::1', '10.1.2.3', 'localhost', 'board.example.com']) {
      expect(parseConfig({ HOST: host }).host).toBe(host);
    }
  });

  it('refuses anything else, naming the variable', () => {
    for (const host of ['http://0.0.0.0', '0.0.0.0:3000', 'two words', '-bad', 'a..b']) {
      const error = refusal({ HOST: host });
      expect(error.variable).toBe('HOST');
      expect(error.message).toContain('HOST');
      expect(error.message).toContain(host);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(parseConfig({}).trustProxy).toBe(0);
    expect(parseConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(0);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
  });

  it('on trusts one proxy; a number trusts that many', () => {
    expect(parseConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses other values, naming the variable', () => {
    for (const value of ['maybe', '-1', '1.5', '17', 'loopback']) {
      const error = refusal({ TRUST_PROXY: value });
      expect(error.variable).toBe('TRUST_PROXY');
      expect(error.message).toMatch(/^Invalid environment variable TRUST_PROXY: /);
    }
  });
});

describe('the exposure warning', () => {
  it('is silent on loopback or with the demo accounts off', () => {
    expect(exposureWarning(parseConfig({}), SERVED)).toBeUndefined();
    expect(exposureWarning(parseConfig({ HOST: 'localhost' }), SERVED)).toBeUndefined();
    expect(exposureWarning(parseConfig({ HOST: '::1' }), SERVED)).toBeUndefined();
    expect(
      exposureWarning(parseConfig({ HOST: '0.0.0.0', DEMO_ACCOUNTS: 'off' }), SERVED),
    ).toBeUndefined();
  });

  it('names the address and the way out when demo accounts are reachable from elsewhere', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const warning = exposureWarning(parseConfig({ HOST: host }), 'http://[::]:8080');
      expect(warning).toContain(`HOST=${host}`);
      expect(warning).toContain('http://[::]:8080');
      expect(warning).toContain('DEMO_ACCOUNTS=off');
      expect(warning?.split('\n').length).toBeGreaterThan(3);
    }
  });
});

describe('SCENE_MEMORY_MB', () => {
  it('is 256 MiB unless set to a whole number of MiB', () => {
    expect(parseConfig({}).sceneMemoryBytes).toBe(256 * 1024 * 1024);
    expect(parseConfig({ SCENE_MEMORY_MB: '32' }).sceneMemoryBytes).toBe(32 * 1024 * 1024);
    for (const value of ['0', '1.5', 'lots'])
      expect(refusal({ SCENE_MEMORY_MB: value }).variable).toBe('SCENE_MEMORY_MB');
  });
});

describe('QUOTA_*, SOCKET_*_BYTES and AUTH_FAILED_LOGINS_PER_IP', () => {
  it('default to the documented quotas, throttle and backoff', () => {
    const config = parseConfig({});
    expect(config.quotas).toEqual(DEFAULT_QUOTAS);
    expect(config.rateLimits.failedLoginsPerIp).toBe(20);
    expect(config.rateLimits.socketBytesPerSecond).toBe(1024 * 1024);
    expect(config.rateLimits.socketBurstBytes).toBe(256 * 1024);
  });

  it('take whole numbers', () => {
    const config = parseConfig({
      QUOTA_BYTES_PER_MINUTE: '2048',
      QUOTA_BURST_BYTES: '1024',
      QUOTA_ELEMENTS_PER_CANVAS: '10',
      QUOTA_BYTES_PER_CANVAS: '4096',
      QUOTA_CANVASES_PER_USER: '3',
      AUTH_FAILED_LOGINS_PER_IP: '5',
      SOCKET_BYTES_PER_SECOND: '65536',
      SOCKET_BURST_BYTES: '131072',
    });
    expect(config.rateLimits).toMatchObject({
      socketBytesPerSecond: 65_536,
      socketBurstBytes: 131_072,
    });
    expect(config.quotas).toEqual({
      bytesPerMinute: 2048,
      burstBytes: 1024,
      elementsPerCanvas: 10,
      bytesPerCanvas: 4096,
      canvasesPerUser: 3,
    });
    expect(config.rateLimits.failedLoginsPerIp).toBe(5);
  });

  it('refuse anything else, naming the variable', () => {
    for (const [variable, value] of [
      ['QUOTA_BYTES_PER_MINUTE', '10'],
      ['QUOTA_ELEMENTS_PER_CANVAS', '0'],
      ['QUOTA_BYTES_PER_CANVAS', 'lots'],
      ['QUOTA_CANVASES_PER_USER', '1.5'],
      ['AUTH_FAILED_LOGINS_PER_IP', '-1'],
      ['SOCKET_BYTES_PER_SECOND', '100'],
      ['SOCKET_BURST_BYTES', 'lots'],
    ] as const) {
      expect(refusal({ [variable]: value }).variable).toBe(variable);
    }
  });
});

describe('lists (ALLOWED_ORIGINS, KAFKA_BROKERS)', () => {
  it('unset or empty is none; entries are trimmed', () => {
    expect(parseConfig({ KAFKA_BROKERS: '' }).kafkaBrokers).toBeUndefined();
    expect(parseConfig({ KAFKA_BROKERS: 'a:9092, b:9092' }).kafkaBrokers).toEqual([
      'a:9092',
      'b:9092',
    ]);
  });

  it('refuses an empty entry and a port out of range, naming the variable', () => {
    for (const value of [',', 'a:9092,', 'a:9092,,b:9092']) {
      expect(refusal({ KAFKA_BROKERS: value }).message).toMatch(
        /^Invalid environment variable KAFKA_BROKERS: an empty entry/,
      );
    }
    expect(refusal({ KAFKA_BROKERS: 'a:0' }).variable).toBe('KAFKA_BROKERS');
    expect(refusal({ KAFKA_BROKERS: 'a:65536' }).variable).toBe('KAFKA_BROKERS');
    expect(refusal({ ALLOWED_ORIGINS: 'https://a.example,' }).variable).toBe('ALLOWED_ORIGINS');
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set; a set one is kept', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
  });

  it('refuses a short token or one with spaces', () => {
    for (const value of ['short', `${'a'.repeat(16)} b`]) {
      expect(refusal({ METRICS_TOKEN: value }).variable).toBe('METRICS_TOKEN');
    }
  });
});

describe('listenError', () => {
  const config = { host: '10.9.9.9', port: 80 };
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it('names PORT for a port taken or not allowed, HOST for an address not here', () => {
    expect(listenError(failure('EADDRINUSE'), config)?.variable).toBe('PORT');
    expect(listenError(failure('EACCES'), config)?.variable).toBe('PORT');
    expect(listenError(failure('EADDRNOTAVAIL'), config)?.message).toBe(
      'Invalid environment variable HOST: 10.9.9.9 is not an address of this machine',
    );
    expect(listenError(failure('ENOTFOUND'), config)?.variable).toBe('HOST');
  });

  it('leaves any other failure alone', () => {
    expect(listenError(failure('EMFILE'), config)).toBeUndefined();
    expect(listenError(new Error('boom'), config)).toBeUndefined();
  });
});

describe('EMBED_ORIGINS', () => {
  it('is none unless set: no other site may frame the embed', () => {
    expect(parseConfig({}).embedOrigins).toEqual([]);
    expect(parseConfig({ EMBED_ORIGINS: ' ' }).embedOrigins).toEqual([]);
  });

  it("takes origins, a domain's sites, or * alone, as the browser compares them", () => {
    expect(
      parseConfig({
        EMBED_ORIGINS: 'https://Wiki.Example.com, http://127.0.0.1:8080, https://*.example.org:443',
      }).embedOrigins,
    ).toEqual(['https://wiki.example.com', 'http://127.0.0.1:8080', 'https://*.example.org']);
    expect(parseConfig({ EMBED_ORIGINS: '*' }).embedOrigins).toEqual(['*']);
  });

  it('refuses what is not an origin, or what would change the policy, naming the variable', () => {
    for (const value of [
      'wiki.example.com',
      'https://wiki.example.com/page',
      "https://a.example 'unsafe-inline'",
      'https://a.example;script-src *',
      'ftp://a.example',
      'https://a.example:70000',
      'https://a.*.example',
      '*, https://a.example',
      'https://a.example,,https://b.example',
    ]) {
      const error = refusal({ EMBED_ORIGINS: value });
      expect(error.variable).toBe('EMBED_ORIGINS');
      expect(error.message).toMatch(/^Invalid environment variable EMBED_ORIGINS: /);
    }
  });
});
