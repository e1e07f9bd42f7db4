import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsdown';
import type { Plugin } from 'rolldown';

/**
 * The npm package's build (tsdown, tsup's maintained successor on Rolldown): ESM and bundled
 * declarations per entry. Libraries the host installs (peers) or that npm installs beside us
 * (dependencies) stay imports; the private domain package, code and types, is bundled in.
 * The self-contained script-tag build is `vite.embed.config.ts` (dist/embed/v1).
 */
const NEVER_BUNDLE = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  /^@excalidraw\/excalidraw(?!.*\?raw$)/,
  'rxjs',
  'socket.io-client',
];

const require = createRequire(import.meta.url);
const excalidrawDist = join(dirname(require.resolve('@excalidraw/excalidraw')));

/** `import text from './file.css?raw'`: the file's text, as Vite gives it (the element's CSS). */
function rawText(): Plugin {
  return {
    name: 'tabula-raw-text',
    resolveId(source, importer) {
      if (!source.endsWith('?raw')) return null;
      const path = source.slice(0, -'?raw'.length);
      if (path === '@excalidraw/excalidraw/index.css')
        return `${join(excalidrawDist, 'index.css')}?raw`;
      return `${join(dirname(importer ?? '.'), path)}?raw`;
    },
    load(id) {
      if (!id.endsWith('?raw')) return null;
      return `export default ${JSON.stringify(readFileSync(id.slice(0, -'?raw'.length), 'utf8'))};`;
    },
  };
}

/**
 * dist/styles.css = Excalidraw's stylesheet + ours, so a host imports one file. Excalidraw's
 * sheet points at its UI font (Assistant) with relative URLs, so those files travel with it.
 */
function writeStyles(): void {
  const excalidrawCss = readFileSync(join(excalidrawDist, 'index.css'), 'utf8');
  const ours = readFileSync('src/styles.css', 'utf8');
  mkdirSync('dist', { recursive: true });
  writeFileSync('dist/styles.css', `${excalidrawCss}\n/* @tabula/whiteboard */\n${ours}`);
  cpSync(join(excalidrawDist, 'fonts', 'Assistant'), 'dist/fonts/Assistant', { recursive: true });
}

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'sync/index': 'src/sync/index.ts',
      'collab/index': 'src/collab/index.ts',
      'replay/index': 'src/replay/index.ts',
      'element/index': 'src/element/index.ts',
    },
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    fixedExtension: false,
    sourcemap: true,
    clean: false,
    treeshake: true,
    tsconfig: 'tsconfig.build.json',
    dts: true,
    deps: {
      neverBundle: NEVER_BUNDLE,
      // The element's CSS text (`?raw`) is bundled, though Excalidraw is a dependency.
      alwaysBundle: [/^@tabula\/domain/, /\?raw$/],
      onlyBundle: false,
      dts: { alwaysBundle: [/^@tabula\/domain/], neverBundle: NEVER_BUNDLE },
    },
    plugins: [rawText()],
    // The code without its doc comments (the declaration files keep them), as esbuild did.
    outputOptions: { comments: { legal: true, annotation: true, jsdoc: false } },
    onSuccess: () => writeStyles(),
  },
  {
    entry: { 'cli/copyFonts': 'src/cli/copyFonts.ts' },
    format: 'esm',
    target: 'node20',
    platform: 'node',
    fixedExtension: false,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
    dts: false,
  },
]);
