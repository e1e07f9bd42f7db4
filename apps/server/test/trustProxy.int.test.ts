/**
 * TRUST_PROXY: the per-IP auth rate limit keys on the client address the proxy reports in
 * X-Forwarded-For only when proxies are trusted; otherwise the header is ignored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const WRONG_LOGIN = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });

describe('trusting proxy headers', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(trustProxy: number): Promise<TestServer> {
    server = await startTestServer({
      overrides: {
        trustProxy,
        rateLimits: {
          authPerIpPerMinute: 2,
          failedLoginsPerAccount: 10_000,
          socketMessagesPerSecond: 10_000,
        },
      },
    });
    return server;
  }

  async function loginFrom(app: TestServer, forwardedFor: string): Promise<number> {
    const response = await fetch(`${app.url}/auth/loginuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: WRONG_LOGIN,
    });
    await response.body?.cancel();
    return response.status;
  }

  it('with TRUST_PROXY on, each client address behind the proxy has its own budget', async () => {
    const app = await start(1);
    expect(await loginFrom(app, '203.0.113.1')).toBe(401);
    expect(await loginFrom(app, '203.0.113.1')).toBe(401);
    expect(await loginFrom(app, '203.0.113.1')).toBe(429);
    // Another client through the same proxy is not held back by the first one.
    expect(await loginFrom(app, '203.0.113.2')).toBe(401);
    // A client cannot dodge the limit by sending its own X-Forwarded-For: the proxy appends the
    // address it saw, and only that last entry is trusted.
    expect(await loginFrom(app, '198.51.100.7, 203.0.113.1')).toBe(429);
  });

  it('with TRUST_PROXY off, the header is ignored: every request counts for the peer address', async () => {
    const app = await start(0);
    expect(await loginFrom(app, '203.0.113.1')).toBe(401);
    expect(await loginFrom(app, '203.0.113.2')).toBe(401);
    expect(await loginFrom(app, '203.0.113.3')).toBe(429);
  });
});
