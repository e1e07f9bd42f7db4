import { hash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, preview } from 'vite';
import { copyExcalidrawFonts } from '../cli/fonts';

/** A running harness page. */
export interface HarnessServer {
  /** The page's URL, on 127.0.0.1. */
  url: string;
  close(): Promise<void>;
}

const HARNESS_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'harness');

/** The page that drives the kept canvases' persistence (`persistencePage/`). */
export const PERSISTENCE_PAGE_ROOT = join(
  dirname(fileURLToPath(import.meta.url)),
  'persistencePage',
);

/**
 * Serves the harness page (or the page under `root`) with Vite's JS API on 127.0.0.1 and a free port, with Excalidraw's
 * fonts copied (the documented way) under `/excalidraw-assets/fonts`.
 */
export async function startHarnessServer(root = HARNESS_ROOT): Promise<HarnessServer> {
  const publicDir = mkdtempSync(join(tmpdir(), 'tabula-harness-public-'));
  copyExcalidrawFonts(join(publicDir, 'excalidraw-assets'));
  const server = await createServer({
    configFile: false,
    root,
    publicDir,
    // One cache per checkout: two checkouts testing at once must not rewrite each other's.
    cacheDir: join(tmpdir(), `tabula-whiteboard-vite-${hash('sha256', root, 'hex').slice(0, 12)}`),
    logLevel: 'warn',
    plugins: [react()],
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('The harness server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: async () => {
      await server.close();
      rmSync(publicDir, { recursive: true, force: true });
    },
  };
}

/** Serves a built page (`root`/`outDir` holds index.html) with Vite's preview server on 127.0.0.1. */
export async function startStaticServer(root: string, outDir = 'dist'): Promise<HarnessServer> {
  const server = await preview({
    configFile: false,
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('The static server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => server.close(),
  };
}
