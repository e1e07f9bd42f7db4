/**
 * Serves the built web app with an SPA fallback: a GET for a file that exists is served
 * (hashed assets cached for a year, immutable; every other file, above all index.html, the
 * service worker `sw.js` and the web app manifest, `no-cache`: revalidated on every use, so
 * a new version is seen at once; docs/offline.md), any other GET outside the API answers
 * index.html so client-side routes work on reload. Files come brotli- or gzip-compressed
 * when the build wrote a `.br`/`.gz` copy and the browser accepts it. Without a build it
 * serves a short placeholder page. A page can get more in its head for one request (`pageHead`:
 * a view link's unfurl tags, features/embeds): that page is answered with them, never cached.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const API_PREFIXES = ['/auth/', '/canvas/', '/socket.io/', '/api/'];

export const PLACEHOLDER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tabula</title></head>
<body><h1>Tabula</h1><p>The server is running. The web app has not been built yet: run <code>npm start</code>.</p></body></html>`;

/** What a page's head gets: its title and tags, both as HTML (escaped by their author). */
export interface HeadHtml {
  title: string;
  tags: string;
}

/** The head of this request's page, or undefined to serve the page as built. */
export type PageHead = (ctx: Context) => Promise<HeadHtml | undefined>;

/** `html` with `head`'s title in place of its own and its tags at the end of its head. */
export function withHead(html: string, head: HeadHtml): string {
  const title = `<title>${head.title}</title>`;
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  return titled.replace(/<\/head>/i, () => `${head.tags}\n</head>`);
}

export function serveSpa(webDist: string | undefined, pageHead?: PageHead) {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  return async function spa(ctx: Context, next: Next): Promise<void> {
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    // `/canvas/<id>` is both an app route and the API's prefix: a browser navigation (which
    // asks for text/html) gets the app; API clients never ask for HTML.
    const navigation = ctx.get('Accept').includes('text/html');
    if (!navigation && API_PREFIXES.some((prefix) => ctx.path.startsWith(prefix))) return;
    const head = await pageHead?.(ctx);
    if (!root || head) {
      const page = root ? await readFile(path.join(root, 'index.html'), 'utf8') : PLACEHOLDER_HTML;
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'html';
      ctx.body = head ? withHead(page, head) : page;
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    // The answer depends on Accept-Encoding (koa-send picks the precompressed copy).
    ctx.vary('Accept-Encoding');
    // koa-send keeps a Cache-Control already set: what is not hashed is always revalidated.
    if (!isAsset) ctx.set('Cache-Control', 'no-cache');
    try {
      await send(ctx, ctx.path, {
        root,
        index: 'index.html',
        maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
        immutable: isAsset,
      });
    } catch {
      // Not a file: a client-side route (or a missing asset, which the app's 404 page shows).
      ctx.set('Cache-Control', 'no-cache');
      await send(ctx, 'index.html', { root });
    }
  };
}
