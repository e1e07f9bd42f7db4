/**
 * Rate limits with small limits set through `overrides.rateLimits`: auth requests per IP
 * (429 with Retry-After), failed logins per account (a short growing delay), and messages per
 * socket.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_ATTEMPTS, TOO_MANY_MESSAGES } from '@tabula/domain';
import type { RateLimitConfig } from '../src/config';
import { logLength, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

const GENEROUS: RateLimitConfig = {
  authPerIpPerMinute: 10_000,
  failedLoginsPerAccount: 10_000,
  socketMessagesPerSecond: 10_000,
};

describe('rate limits', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(limits: Partial<RateLimitConfig>): Promise<TestServer> {
    server = await startTestServer({ overrides: { rateLimits: { ...GENEROUS, ...limits } } });
    return server;
  }

  it('loginuser past the per-IP limit answers 429 with Retry-After, and other IP-limited calls too', async () => {
    const app = await start({ authPerIpPerMinute: 3 });
    const body = { email: 'nobody@example.com', password: 'wrong password' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await app.post('/auth/loginuser', body)).status).toBe(401);
    }
    const limited = await app.post('/auth/loginuser', body);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: TOO_MANY_ATTEMPTS });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const before = await logLength(app);
    expect((await app.post('/auth/demologin', { account: 1 })).status).toBe(429);
    expect(
      (
        await app.post('/auth/createuser', {
          username: 'limited',
          email: 'limited@example.com',
          password: 'long enough pw',
        })
      ).status,
    ).toBe(429);
    expect(await logLength(app)).toBe(before);
    // Calls that are not login attempts are not limited.
    expect((await app.get('/api/health')).status).toBe(200);
  });

  it('after too many failed logins for one account, even the right password waits a short delay (429, Retry-After ≤ 30 s)', async () => {
    const app = await start({ failedLoginsPerAccount: 2 });
    const user = await signUp(app, 'guessed');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const wrong = await app.post('/auth/loginuser', {
        email: user.email,
        password: 'guess-guess',
      });
      expect(wrong.status).toBe(401);
    }
    const slowed = await app.post('/auth/loginuser', {
      email: user.email,
      password: user.password,
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe(TOO_MANY_ATTEMPTS);
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // Another account from the same IP is not affected (loginBackoff.int.test.ts: the rest).
    const other = await signUp(app, 'bystander');
    const fine = await app.post('/auth/loginuser', {
      email: other.email,
      password: other.password,
    });
    expect(fine.status).toBe(200);
  });

  it('a socket sending more than its per-second budget gets RATE_LIMITED error acks and stays connected', async () => {
    const app = await start({ socketMessagesPerSecond: 5 });
    const user = await signUp(app, 'chatty');
    const socket = await app.socket(user.token);
    // The limit counts per second of the clock: with the clock held still, all twelve fall in
    // one window however slowly a busy machine handles them.
    vi.useFakeTimers({ toFake: ['Date'] });
    const acks = await Promise.all(
      Array.from({ length: 12 }, () => emitWithAck(socket, 'get-all-collaborator-canvases')),
    ).finally(() => vi.useRealTimers());
    const limited = acks.filter((ack) => !ack.ok);
    expect(acks.filter((ack) => ack.ok).length).toBeLessThanOrEqual(5);
    expect(limited.length).toBeGreaterThanOrEqual(7);
    expect(limited[0]).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: TOO_MANY_MESSAGES },
    });
    expect(socket.connected).toBe(true);
  });
});
