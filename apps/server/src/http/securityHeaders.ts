import type { Context, Next } from 'koa';

/** The policy's directives by name, each with its sources. */
type Directives = Record<string, string>;

const PAGE_DIRECTIVES: Directives = {
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self' ws: wss:",
  'worker-src': "'self' blob:",
  'frame-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
};

function policy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');
}

/**
 * Content Security Policy of the pages: everything from our own origin, nothing external, no
 * eval. Excalidraw needs inline styles, data:/blob: images, data: fonts (embedded in exported
 * SVGs), and WebAssembly and blob: workers for downscaling inserted images (pica); sockets
 * connect back to the same origin.
 */
export const CONTENT_SECURITY_POLICY = policy(PAGE_DIRECTIVES);

/**
 * The policy of Excalidraw's font-subsetting worker (SVG export embeds only the glyphs used):
 * it runs WebAssembly (HarfBuzz) and an Emscripten WOFF2 codec whose bindings build functions
 * with `new Function`, so it needs 'unsafe-eval' (which covers WebAssembly too). A worker takes
 * the policy of its own script's response, so only this worker gets it: it has no DOM and
 * handles nothing but font bytes and code points. Without it, subsetting fails in the worker,
 * falls back to the page and is refused there (a CSP violation), and whole fonts are embedded.
 */
export const SUBSET_WORKER_POLICY = policy({
  ...PAGE_DIRECTIVES,
  'script-src': "'self' 'unsafe-eval'",
});

/** The built app's subsetting worker (Vite names it after Excalidraw's chunk, plus a hash). */
const SUBSET_WORKER_SCRIPT = /^\/assets\/subset-worker\.chunk-[\w-]+\.js$/;

/** The Content-Security-Policy header for a response to `path`. */
export function contentSecurityPolicy(path: string): string {
  return SUBSET_WORKER_SCRIPT.test(path) ? SUBSET_WORKER_POLICY : CONTENT_SECURITY_POLICY;
}

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set({
    'Content-Security-Policy': contentSecurityPolicy(ctx.path),
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
