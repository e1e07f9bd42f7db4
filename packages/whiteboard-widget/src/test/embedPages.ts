import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFileServer } from './fileServer';
import type { FileServer } from './fileServer';
import { EMBED_DIR } from './packageBuild';

/** Where pages load `tabula.js` from, and how it is served. */
export interface EmbedSource {
  /** The folder URL holding tabula.js, with a trailing slash. */
  url: string;
  /** `tabula-server`: the Tabula server's own /embed/v1/ route; `file-server`: dist/embed/v1. */
  servedBy: 'tabula-server' | 'file-server';
  close(): Promise<void>;
}

/**
 * The embed module as a page gets it: from the Tabula server's `/embed/v1/` when that route
 * exists, else the built folder (dist/embed/v1) from a file server on an origin of its own.
 */
export async function embedSource(tabulaServer: string): Promise<EmbedSource> {
  const fromServer = `${tabulaServer.replace(/\/$/, '')}/embed/v1/`;
  const probe = await fetch(`${fromServer}tabula.js`).catch(() => null);
  const type = probe?.headers.get('content-type') ?? '';
  await probe?.body?.cancel();
  if (probe?.ok && type.includes('javascript')) {
    return { url: fromServer, servedBy: 'tabula-server', close: async () => undefined };
  }
  const files = await startFileServer(EMBED_DIR);
  return { url: files.url, servedBy: 'file-server', close: () => files.close() };
}

/** Plain HTML pages written to a folder and served as they are (no build step). */
export interface PageSite {
  url: string;
  /** Writes `name` (e.g. 'live.html') and returns its URL. */
  page(name: string, html: string): string;
  close(): Promise<void>;
}

export async function startPageSite(): Promise<PageSite> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-embed-pages-'));
  const server: FileServer = await startFileServer(dir);
  return {
    url: server.url,
    page(name, html) {
      writeFileSync(join(dir, name), html);
      return `${server.url}${name}`;
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A page that loads the module with one script tag and holds `body`. */
export function plainPage(embedUrl: string, body: string, css = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A page with Tabula boards</title>
    <style>${css}</style>
    <script type="module" src="${embedUrl}tabula.js"></script>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}
