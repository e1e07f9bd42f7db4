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

/** Where other sites may frame a page: the embeds (`/embed/…`) only, and only `EMBED_ORIGINS`. */
const EMBED_PREFIX = '/embed/';

/**
 * The policy of the embeds (`/embed/:token`, the module under `/embed/v1/`): the pages' policy,
 * except that the sites of `embedOrigins` may frame them. Without any, the same as a page's.
 */
export function embedPolicy(embedOrigins: readonly string[]): string {
  if (embedOrigins.length === 0) return CONTENT_SECURITY_POLICY;
  const ancestors = embedOrigins.includes('*') ? '*' : ["'self'", ...embedOrigins].join(' ');
  return policy({ ...PAGE_DIRECTIVES, 'frame-ancestors': ancestors });
}

/** The Content-Security-Policy header for a response to `path`. */
export function contentSecurityPolicy(path: string, embedOrigins: readonly string[] = []): string {
  if (path.startsWith(EMBED_PREFIX)) return embedPolicy(embedOrigins);
  return SUBSET_WORKER_SCRIPT.test(path) ? SUBSET_WORKER_POLICY : CONTENT_SECURITY_POLICY;
}

/**
 * The headers of every answer: its Content Security Policy, no sniffing, no referrer, and
 * framing by this origin only (`X-Frame-Options` for browsers without `frame-ancestors`),
 * except the embeds, which the sites of `embedOrigins` (`EMBED_ORIGINS`) may frame too: they
 * get no `X-Frame-Options` then, which could only say "this origin".
 */
export function securityHeaders(embedOrigins: readonly string[] = []) {
  const framedElsewhere = embedOrigins.length > 0;
  return async function securityHeadersMiddleware(ctx: Context, next: Next): Promise<void> {
    ctx.set({
      'Content-Security-Policy': contentSecurityPolicy(ctx.path, embedOrigins),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    });
    if (!(framedElsewhere && ctx.path.startsWith(EMBED_PREFIX)))
      ctx.set('X-Frame-Options', 'SAMEORIGIN');
    await next();
  };
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
