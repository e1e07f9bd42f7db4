import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The script-tag build: one ES module (`tabula.js`) that defines the custom elements, its
 * chunks (React, Excalidraw, the engine: loaded when the first element connects) and
 * Excalidraw's fonts, in dist/embed/v1 — served as is by every Tabula server under /embed/v1/.
 * Everything is found from the module's own URL (import.meta.url), so the folder works from any
 * origin and path. Chunks carry a content hash (cache them for long); `tabula.js` does not (it
 * is the stable address: cache it briefly).
 */
const OUT_DIR = 'dist/embed/v1';
const require = createRequire(import.meta.url);
const excalidrawDist = dirname(require.resolve('@excalidraw/excalidraw'));
/**
 * Excalidraw lists a CDN copy (esm.sh) after `EXCALIDRAW_ASSET_PATH` in every font's sources.
 * Under a page's `font-src 'self'` Chromium checks each source when the FontFace is created and
 * reports a blocked request to esm.sh for each of its 230 faces (the local copy, listed first,
 * loads; the rest are never used). Here the fallback is the build's own folder: its chunks sit
 * in `chunks/`, its fonts in `fonts/` beside tabula.js.
 */
const FONT_CDN_FALLBACK = /(["']ASSETS_FALLBACK_URL["'],\s*)`https:\/\/esm\.sh\/.*?\/dist\/prod\/`/;
const OWN_FOLDER = 'new URL(/* @vite-ignore */ "../", import.meta.url).href';

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Production JSX (the bundled React is its production build).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: false,
    cssCodeSplit: false,
    chunkSizeWarningLimit: 4096,
    minify: true,
    lib: {
      entry: 'src/embed/tabula.ts',
      formats: ['es'],
      fileName: () => 'tabula.js',
    },
    rollupOptions: {
      // Radix's "use client" directives mean nothing in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  plugins: [
    {
      name: 'tabula-embed-font-fallback',
      transform(code, id) {
        if (!id.includes('@excalidraw/excalidraw/dist/') || !code.includes('ASSETS_FALLBACK_URL'))
          return null;
        if (!FONT_CDN_FALLBACK.test(code))
          this.error(`Excalidraw's font fallback (esm.sh) not found in ${id}`);
        return code.replace(FONT_CDN_FALLBACK, `$1${OWN_FOLDER}`);
      },
    },
    {
      name: 'tabula-embed-fonts',
      // Excalidraw fetches `${EXCALIDRAW_ASSET_PATH}fonts/…`: its fonts beside tabula.js.
      closeBundle() {
        rmSync(join(OUT_DIR, 'fonts'), { recursive: true, force: true });
        cpSync(join(excalidrawDist, 'fonts'), join(OUT_DIR, 'fonts'), { recursive: true });
      },
    },
  ],
});
