import { cpSync, existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SERVER_NAVIGATIONS } from './src/app/serverNavigations.js';

const SERVER = 'http://127.0.0.1:3000';

/** Page loads of /canvas/:id are the SPA's; only API calls go to the server. */
function spaPageLoad(req: IncomingMessage): string | undefined {
  return req.headers.accept?.includes('text/html') ? '/index.html' : undefined;
}

/** Excalidraw's font files (served at /fonts/... so nothing is fetched from a CDN). */
function excalidrawFontsDir(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@excalidraw/excalidraw');
  const candidates = [join(dirname(entry), 'fonts'), join(dirname(entry), 'prod', 'fonts')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`Excalidraw fonts not found next to ${entry}`);
  return found;
}

/**
 * Copies Excalidraw's fonts into the build output and serves them in dev. The copy is made as
 * the bundle is written, before the service worker's precache list is made from dist/.
 */
function excalidrawFonts(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tabula-excalidraw-fonts',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const fonts = excalidrawFontsDir();
      server.middlewares.use('/fonts', (req, res, next) => {
        const file = join(fonts, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!file.startsWith(fonts) || !existsSync(file)) return next();
        res.setHeader(
          'content-type',
          file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream',
        );
        res.end(readFileSync(file));
      });
    },
    writeBundle() {
      cpSync(excalidrawFontsDir(), join(outDir, 'fonts'), { recursive: true });
    },
  };
}

/**
 * A build-time edit of Excalidraw's published code: `pattern` (global) replaced in the modules
 * that hold it. The build fails when no module does, so an upgrade that moves the code is seen.
 */
function patchExcalidraw(name: string, pattern: RegExp, replacement: string): Plugin {
  let patched = false;
  return {
    name: `tabula-excalidraw-${name}`,
    apply: 'build',
    transform(code, id) {
      if (!id.includes('@excalidraw/excalidraw')) return null;
      const edited = code.replace(pattern, replacement);
      if (edited === code) return null;
      patched = true;
      return { code: edited, map: null };
    },
    buildEnd() {
      if (!patched)
        this.error(`Excalidraw patch '${name}' found nothing to edit: check the upgrade`);
    },
  };
}

/**
 * Excalidraw lists a CDN (esm.sh) after EXCALIDRAW_ASSET_PATH in every font's sources. The
 * browser only uses it when our copy fails, but the server's CSP (font-src 'self') still
 * reports each listing as a console error. Point the fallback at our own origin instead.
 */
const noCdnFallback = () =>
  patchExcalidraw(
    'no-cdn',
    /`https:\/\/esm\.sh\/\$\{/g,
    '`${window.location.origin}/excalidraw-fallback/${',
  );

/**
 * Excalidraw abandons its font-subsetting worker when it has not answered within 1 s
 * (`workerTTL`), which on a busy machine includes loading the worker's 1.8 MB script and
 * compiling its WebAssembly; it then subsets on the page, where the CSP refuses the codec's
 * eval, and the SVG export loses its embedded fonts. Give the worker 10 s (also how long an
 * idle worker is kept).
 */
const subsetWorkerPatience = () =>
  patchExcalidraw(
    'subset-worker-patience',
    /workerTTL=(\w+)\.ttl\|\|1e3/g,
    'workerTTL=$1.ttl||1e4',
  );

/**
 * The favicon (public/favicon.svg, a few hundred bytes) goes into index.html as a data: URL, so
 * no page load spends a request and its headers on it.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'tabula-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
      return html.replace(
        'href="/favicon.svg"',
        `href="data:image/svg+xml,${encodeURIComponent(svg)}"`,
      );
    },
  };
}

/** A chunk group's test: the module's path (forward slashes) contains one of `parts`. */
function pathContains(
  parts: readonly string[],
  except: readonly string[] = [],
): (id: string) => boolean {
  return (id) => {
    const path = id.replaceAll('\\', '/');
    return parts.some((part) => path.includes(part)) && !except.some((p) => path.includes(p));
  };
}

/**
 * What only the canvas screens need: the whiteboard (Excalidraw's core, and what it imports as
 * it starts), the live connection, the canvas flows. One chunk, so a canvas opens with one
 * request for all of it and brotli sees it whole. Excalidraw's other lazy parts (dialogs,
 * Mermaid, export's font subsetting, other languages) stay in chunks of their own.
 */
const BOARD_MODULES = pathContains(
  [
    '/whiteboard-widget/dist/',
    '/@excalidraw/excalidraw/dist/prod/index.js',
    '/@excalidraw/excalidraw/dist/prod/locales/en-',
    '/browser-fs-access/',
    '/canvas-roundrect-polyfill/',
    '/socket.io-client/',
    '/socket.io-parser/',
    '/engine.io-client/',
    '/engine.io-parser/',
    '/@socket.io/',
    '/apps/web/src/realtime/',
    '/apps/web/src/features/canvases/',
    '/apps/web/src/screens/CanvasScreen',
    '/apps/web/src/screens/LiveCanvasScreen',
    '/apps/web/src/screens/canvasPeople',
  ],
  // The history screens' player is theirs alone.
  ['/whiteboard-widget/dist/replay/'],
);

/**
 * Small modules shared by the canvas lists and the canvas screens, in one chunk, so no screen
 * fetches them as tiny files of their own (each costs a request and its headers).
 */
/**
 * Excalidraw's font-subsetting worker (with the WOFF2 codec it alone loads) in a chunk of its
 * own named `subset-worker.chunk`, and the two tiny Excalidraw chunks it shares with the board
 * in another (`excalidraw-common`):
 * a worker that imported the board chunk would load the app's entry and die on `document`,
 * and Excalidraw would then subset on the page, where the CSP refuses the WOFF2 codec's eval.
 * The server gives the worker's script alone `'unsafe-eval'` (apps/server/src/http/
 * securityHeaders.ts, docs/export.md). The hashed names are Excalidraw's own chunks: check them
 * on an upgrade (export.e2e.test.ts fails when they change).
 */
const SUBSET_WORKER =
  /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/](subset-(worker|shared)\.chunk|chunk-EIO257PC)\.js$/;
const EXCALIDRAW_COMMON =
  /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/]chunk-(ZUYEQ4TG|SRAX5OIU)\.js$/;

const SHARED_MODULES = pathContains([
  '/packages/ui/src/',
  '/apps/web/src/features/canvases/useCanvasList',
  '/apps/web/src/features/canvases/useCreateCanvas',
  '/apps/web/src/features/canvases/useThumbnails',
  '/apps/web/src/app/RequireSignIn',
]);

/**
 * Excalidraw's parts that load only when asked for: Mermaid's "text to diagram" (with its
 * diagram types, KaTeX, Cytoscape: about 3 MB) and the interface in a language other than
 * English (about 50 files). They are not precached; a page that loads one keeps it
 * (runtime cache), so it works offline from then on.
 */
const ON_DEMAND_MODULE =
  /[\\/]@excalidraw[\\/](mermaid-to-excalidraw[\\/]|excalidraw[\\/]dist[\\/]prod[\\/]locales[\\/](?!en-|percentages))/;

/**
 * Finds the chunks reached only through a dynamic import of an on-demand module
 * (`ON_DEMAND_MODULE`): everything else, from the entry through static and dynamic imports,
 * is the app and its board, and is precached.
 */
function onDemandChunks(): { plugin: Plugin; fileNames: Set<string> } {
  const fileNames = new Set<string>();
  const plugin: Plugin = {
    name: 'tabula-on-demand-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out]] : [])),
      );
      const reached = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || reached.has(fileName)) return;
        reached.add(fileName);
        chunk.imports.forEach(visit);
        for (const target of chunk.dynamicImports) {
          const facade = chunks.get(target)?.facadeModuleId;
          if (!facade || !ON_DEMAND_MODULE.test(facade)) visit(target);
        }
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      fileNames.clear();
      for (const fileName of chunks.keys()) if (!reached.has(fileName)) fileNames.add(fileName);
    },
  };
  return { plugin, fileNames };
}

const onDemand = onDemandChunks();

/**
 * The installable, offline app (vite-plugin-pwa, Workbox): the manifest with its icons, and a
 * service worker that precaches the app shell, its screens, the board and Excalidraw's Latin
 * fonts; answers navigations with the app's page (never the server's routes); never routes
 * API calls (no cache ever answers for the server). A new version waits for the user
 * (`registerType: 'prompt'`; registered by src/app/serviceWorker.ts). docs/offline.md.
 */
const offlineApp = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Tabula',
      short_name: 'Tabula',
      description: 'The collaborative online whiteboard, alone or together.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The manifest's icons are added by the plugin (includeManifestIcons).
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'fonts/**/*.woff2'],
      // Xiaolai (CJK handwriting, 13 MB in 200 files) loads as text needs it (runtime cache).
      globIgnores: ['fonts/Xiaolai/**'],
      // The largest precached file is Excalidraw's font-subsetting worker (1.8 MB).
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((entry) => !onDemand.fileNames.has(entry.url)),
          warnings: [],
        }),
      ],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: SERVER_NAVIGATIONS,
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Hashed files never change: what was fetched once is kept (on-demand chunks, CJK fonts).
          urlPattern: /\/(assets|fonts)\/[^?]+\.(js|css|woff2)$/,
          handler: 'CacheFirst',
          options: {
            cacheName: 'tabula-on-demand',
            expiration: { maxEntries: 400 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

export default defineConfig({
  plugins: [
    react(),
    excalidrawFonts(),
    noCdnFallback(),
    subsetWorkerPatience(),
    inlineFavicon(),
    onDemand.plugin,
    offlineApp(),
  ],
  server: {
    proxy: {
      '/auth': { target: SERVER, bypass: spaPageLoad },
      '/canvas': { target: SERVER, bypass: spaPageLoad },
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // First the two tiny chunks the board shares with the worker, then the worker.
            { name: 'excalidraw-common', test: EXCALIDRAW_COMMON, priority: 5 },
            { name: 'subset-worker.chunk', test: SUBSET_WORKER, priority: 4 },
            // Everything the entry imports (the landing page and the app's frame) in one chunk.
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'shared', test: SHARED_MODULES, priority: 2 },
            { name: 'board', test: BOARD_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
});
