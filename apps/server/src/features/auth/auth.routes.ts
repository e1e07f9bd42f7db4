/**
 * `/auth`: createuser, loginuser, demologin, fetchuser, updateuser, logout (PROTOCOL.md), and
 * `GET /auth/avatar/:userId` (the pictures sockets name by URL, public and long cached).
 * Sign-up, login and demo login are rate limited per IP; failed logins slow further attempts
 * per account and per IP with a growing delay (`LoginBackoff`), never a long lockout.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import {
  DEMO_ACCOUNTS_DISABLED,
  DomainError,
  TOO_MANY_ATTEMPTS,
  USER_NOT_FOUND,
  normaliseEmail,
} from '@tabula/domain';
import {
  CreateUserDto,
  DemoLoginDto,
  LoginUserDto,
  UpdateUserDto,
  parseDto,
} from '@tabula/domain/dto';
import { identityOf, ok, requireAuth } from '../../http/authenticate';
import { hitSharedWindow } from '../../http/sharedRateLimit';
import { HttpProblem } from '../../http/toHttpError';
import type { AppContext } from '../../appContext';
import type { AuthService } from './auth.service';
import type { DemoAccounts } from './demoAccounts';
import { toUserFields } from './auth.service';
import { avatarVersion, decodeAvatar } from './avatar';
import { KnownAddresses, LoginBackoff } from './loginBackoff';

const MINUTE = 60_000;
const YEAR_S = 365 * 24 * 3600;

/** After the free failures: 1 s, 2 s, 4 s … at most 30 s per account; forgotten after 15 min. */
const ACCOUNT_BACKOFF = { baseDelayMs: 1000, maxDelayMs: 30_000, forgetMs: 15 * MINUTE };
/** Per IP (across accounts): 1 s doubling to 5 minutes; forgotten after an hour. */
const IP_BACKOFF = { baseDelayMs: 1000, maxDelayMs: 5 * MINUTE, forgetMs: 60 * MINUTE };
/** Failures per IP before its delays start, unless configured. */
export const DEFAULT_FAILED_LOGINS_PER_IP = 20;

function tooMany(retryAfterMs: number): HttpProblem {
  return new HttpProblem(429, TOO_MANY_ATTEMPTS, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  });
}

export function authRoutes(
  context: Pick<AppContext, 'clock' | 'rateLimits' | 'sharedState'>,
  auth: AuthService,
  demo: DemoAccounts | undefined,
): Router {
  const router = new Router({ prefix: '/auth' });
  const now = () => context.clock.now().getTime();
  const limits = context.rateLimits;
  const shared = context.sharedState;
  const accountBackoff = new LoginBackoff(
    { ...ACCOUNT_BACKOFF, freeFailures: limits.failedLoginsPerAccount },
    shared,
    now,
    'account',
  );
  const ipBackoff = new LoginBackoff(
    { ...IP_BACKOFF, freeFailures: limits.failedLoginsPerIp ?? DEFAULT_FAILED_LOGINS_PER_IP },
    shared,
    now,
    'ip',
  );
  const known = new KnownAddresses(shared, now);

  async function limitByIp(ctx: Context, next: Next): Promise<void> {
    const wait = await hitSharedWindow(
      shared,
      `auth:${ctx.ip}`,
      limits.authPerIpPerMinute,
      MINUTE,
      now(),
    );
    if (wait > 0) throw tooMany(wait);
    await next();
  }

  router.post('/createuser', limitByIp, async (ctx) => {
    const body = parseDto(CreateUserDto, ctx.request.body);
    ok(ctx, await auth.signUp(body), 201);
  });

  router.post('/loginuser', limitByIp, async (ctx) => {
    const body = parseDto(LoginUserDto, ctx.request.body);
    const account = normaliseEmail(body.email);
    const ipWait = await ipBackoff.attempt(ctx.ip);
    if (ipWait > 0) throw tooMany(ipWait);
    // From an address the account signed in from lately, the account's backoff does not apply.
    const fromKnown = await known.has(account, ctx.ip);
    const accountWait = fromKnown ? 0 : await accountBackoff.attempt(account);
    if (accountWait > 0) {
      await ipBackoff.succeeded(ctx.ip, false); // not tried: the IP's attempt is not a failure
      throw tooMany(accountWait);
    }
    try {
      ok(ctx, await auth.logIn(body.email, body.password));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'NOT_AUTHENTICATED')) {
        // The password was right (another device is online, …): not a failed guess.
        await accountBackoff.succeeded(account, true);
        await ipBackoff.succeeded(ctx.ip, false);
      }
      throw error;
    }
    await accountBackoff.succeeded(account, true);
    await ipBackoff.succeeded(ctx.ip, false);
    await known.remember(account, ctx.ip);
  });

  router.post('/demologin', limitByIp, async (ctx) => {
    const body = parseDto(DemoLoginDto, ctx.request.body);
    if (!demo) throw new DomainError('NOT_FOUND', DEMO_ACCOUNTS_DISABLED);
    ok(ctx, await demo.signIn(body.account));
  });

  const authenticated = requireAuth(auth);

  router.get('/fetchuser', authenticated, async (ctx) => {
    ok(ctx, toUserFields(await auth.user(identityOf(ctx).userId)));
  });

  router.post('/updateuser', authenticated, async (ctx) => {
    const body = parseDto(UpdateUserDto, ctx.request.body);
    ok(
      ctx,
      await auth.updateProfile(identityOf(ctx), { name: body.name, username: body.username }),
    );
  });

  // Public (an <img> sends no token): initials on a colour, by an id only people who share a
  // canvas or presence learn. With the current `v`, cached for a year; else revalidated.
  router.get('/avatar/:userId', async (ctx) => {
    const user = await auth.user(ctx.params.userId!);
    const picture = decodeAvatar(user.profilePhoto);
    if (!picture) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    const version = avatarVersion(user.profilePhoto);
    const current = ctx.query.v === version;
    ctx.set({
      'Cache-Control': current ? `public, max-age=${YEAR_S}, immutable` : 'no-cache',
      ETag: `"${version}"`,
      // A picture, never a page: nothing in it runs, and pages of other origins may show it.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (ctx.get('If-None-Match') === `"${version}"`) {
      ctx.status = 304;
      return;
    }
    ctx.type = picture.type;
    ctx.body = picture.body;
  });

  router.post('/logout', authenticated, async (ctx) => {
    await auth.logOut(identityOf(ctx));
    ok(ctx, null);
  });

  return router;
}
