import type { Context, Next } from 'koa';

/**
 * Content Security Policy: everything from our own origin, nothing external. Excalidraw
 * needs inline styles, data:/blob: images, blob: workers and WebAssembly (font subsetting
 * on export); sockets connect back to the same origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  });
  await next();
}

/**
 * CORS for the allowlisted origins only (same-origin requests carry no Origin header or
 * our own, and need nothing). A disallowed origin gets no CORS headers, so browsers block it.
 */
export function cors(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async function corsMiddleware(ctx: Context, next: Next): Promise<void> {
    const origin = ctx.get('Origin');
    if (origin && allowed.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
      ctx.set('Access-Control-Allow-Headers', 'content-type, auth-token');
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (ctx.method === 'OPTIONS') {
        ctx.status = 204;
        return;
      }
    }
    await next();
  };
}
