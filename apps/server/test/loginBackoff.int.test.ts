/**
 * Failed logins slow the guesser, per account and per IP, with a growing delay, and never
 * lock the owner out (issue #14): the right password works once the current short delay is
 * over, and at once from an address the account signed in from lately. The server's clock is
 * held by the test, so no verdict waits for time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from '@tabula/domain';
import type { RateLimitConfig } from '../src/config';
import type { Member } from './scenario';
import { logLength, signUp } from './scenario';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

describe('login backoff', () => {
  let server: TestServer | undefined;
  let now = Date.parse('2026-01-05T10:00:00Z');
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(limits: Partial<RateLimitConfig>): Promise<TestServer> {
    server = await startTestServer({
      overrides: {
        clock: { now: () => new Date(now) },
        trustProxy: 1,
        rateLimits: {
          authPerIpPerMinute: 10_000,
          failedLoginsPerAccount: 10_000,
          failedLoginsPerIp: 10_000,
          socketMessagesPerSecond: 10_000,
          ...limits,
        },
      },
    });
    return server;
  }

  /** A login from `ip` (the test server trusts one proxy's X-Forwarded-For). */
  async function logIn(app: TestServer, email: string, password: string, ip = '203.0.113.1') {
    const response = await fetch(`${app.url}/auth/loginuser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { success: boolean; message?: string };
    return {
      status: response.status,
      body,
      retryAfter: Number(response.headers.get('retry-after')),
    };
  }

  const wrong = (app: TestServer, user: Member, ip?: string) =>
    logIn(app, user.email, 'not the password', ip);

  it('per account: after the free failures each attempt waits longer; the right password works after the delay', async () => {
    const app = await start({ failedLoginsPerAccount: 3 });
    const owner = await signUp(app, 'owner');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await wrong(app, owner)).body.message).toBe(INVALID_CREDENTIALS);
    }
    // The fourth attempt must wait 1 s, even with the right password, from any IP.
    const early = await logIn(app, owner.email, owner.password, '198.51.100.7');
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ success: false, message: TOO_MANY_ATTEMPTS });
    expect(early.retryAfter).toBe(1);
    now += 1000;
    expect((await wrong(app, owner)).status).toBe(401);
    // The next waits 2 s, then 4 s: the delay grows with each failure.
    expect((await wrong(app, owner)).retryAfter).toBe(2);
    now += 2000;
    expect((await wrong(app, owner)).status).toBe(401);
    expect((await wrong(app, owner)).retryAfter).toBe(4);
    now += 4000;
    const before = await logLength(app);
    const owners = await logIn(app, owner.email, owner.password);
    expect(owners.status).toBe(200);
    expect(await logLength(app)).toBeGreaterThan(before);
    // A success forgives the account's failures.
    expect((await wrong(app, owner)).status).toBe(401);
  });

  it('ten wrong passwords no longer lock the owner out for 15 minutes: at most 30 s', async () => {
    const app = await start({ failedLoginsPerAccount: 10 });
    const owner = await signUp(app, 'owner');
    let waits = 0;
    for (let failures = 0; failures < 20;) {
      const answer = await wrong(app, owner, `192.0.2.${failures}`);
      if (answer.status === 429) {
        expect(answer.retryAfter).toBeLessThanOrEqual(30);
        now += answer.retryAfter * 1000;
        waits += 1;
      } else {
        expect(answer.status).toBe(401);
        failures += 1;
      }
    }
    expect(waits).toBeGreaterThanOrEqual(9);
    const blocked = await logIn(app, owner.email, owner.password);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBeLessThanOrEqual(30);
    now += blocked.retryAfter * 1000;
    expect((await logIn(app, owner.email, owner.password)).status).toBe(200);
  });

  it('per IP: one address guessing across accounts is slowed; other addresses are not', async () => {
    const app = await start({ failedLoginsPerIp: 4 });
    const users = [await signUp(app, 'a'), await signUp(app, 'b'), await signUp(app, 'c')];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await wrong(app, users[attempt % 3]!, '203.0.113.9')).status).toBe(401);
    }
    const slowed = await logIn(app, users[2]!.email, users[2]!.password, '203.0.113.9');
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe(1);
    // The accounts themselves are not slowed: their owners sign in from elsewhere at once.
    expect((await logIn(app, users[2]!.email, users[2]!.password, '198.51.100.1')).status).toBe(
      200,
    );
    now += 1000;
    expect((await logIn(app, users[1]!.email, users[1]!.password, '203.0.113.9')).status).toBe(200);
  });

  it('from an address the account signed in from lately, the owner does not wait at all', async () => {
    const app = await start({ failedLoginsPerAccount: 2 });
    const owner = await signUp(app, 'owner');
    const home = '198.51.100.20';
    expect((await logIn(app, owner.email, owner.password, home)).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await wrong(app, owner, '203.0.113.66')).status).toBe(401);
    }
    // A new address waits; the owner's usual one does not.
    expect((await logIn(app, owner.email, owner.password, '192.0.2.99')).status).toBe(429);
    expect((await logIn(app, owner.email, owner.password, home)).status).toBe(200);
  });

  it('a burst sent at once past the free failures gets one try, not one each', async () => {
    const app = await start({ failedLoginsPerAccount: 1 });
    const owner = await signUp(app, 'owner');
    expect((await wrong(app, owner)).status).toBe(401);
    now += 1000;
    const burst = await Promise.all(Array.from({ length: 8 }, () => wrong(app, owner)));
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(1);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(7);
  });
});
