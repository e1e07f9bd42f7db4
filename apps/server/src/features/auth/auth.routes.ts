/**
 * `/auth`: createuser, loginuser, demologin, fetchuser, updateuser, logout (PROTOCOL.md).
 * Sign-up, login and demo login are rate limited per IP; failed logins also per account.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import {
  DEMO_ACCOUNTS_DISABLED,
  DomainError,
  TOO_MANY_ATTEMPTS,
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
import { RateLimiter } from '../../http/rateLimiter';
import { HttpProblem } from '../../http/toHttpError';
import type { AppContext } from '../../appContext';
import type { AuthService } from './auth.service';
import type { DemoAccounts } from './demoAccounts';
import { toUserFields } from './auth.service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function tooMany(retryAfterMs: number): HttpProblem {
  return new HttpProblem(429, TOO_MANY_ATTEMPTS, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  });
}

export function authRoutes(
  context: AppContext,
  auth: AuthService,
  demo: DemoAccounts | undefined,
): Router {
  const router = new Router({ prefix: '/auth' });
  const perIp = new RateLimiter(context.rateLimits.authPerIpPerMinute, 60_000);
  const failedPerAccount = new RateLimiter(
    context.rateLimits.failedLoginsPerAccount,
    FIFTEEN_MINUTES,
  );

  async function limitByIp(ctx: Context, next: Next): Promise<void> {
    const wait = perIp.hit(ctx.ip);
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
    const wait = failedPerAccount.blockedFor(account);
    if (wait > 0) throw tooMany(wait);
    try {
      ok(ctx, await auth.logIn(body.email, body.password));
      failedPerAccount.reset(account);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_AUTHENTICATED')
        failedPerAccount.hit(account);
      throw error;
    }
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

  router.post('/logout', authenticated, async (ctx) => {
    await auth.logOut(identityOf(ctx));
    ok(ctx, null);
  });

  return router;
}
