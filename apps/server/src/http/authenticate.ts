import type { Context, Next } from 'koa';
import { AUTH_HEADER } from '@tabula/domain/protocol';
import type { AuthService, Identity } from '../features/auth/auth.service';

export interface AuthState {
  identity: Identity;
}

/** Requires a valid `auth-token` header; puts the caller's identity on `ctx.state`. */
export function requireAuth(auth: AuthService) {
  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    ctx.state.identity = await auth.authenticate(ctx.get(AUTH_HEADER));
    await next();
  };
}

export function identityOf(ctx: Context): Identity {
  return (ctx.state as AuthState).identity;
}

/** Answers the JSON envelope of PROTOCOL.md. */
export function ok(ctx: Context, data: unknown, status = 200, message?: string): void {
  ctx.status = status;
  ctx.body = message === undefined ? { success: true, data } : { success: true, message, data };
}
