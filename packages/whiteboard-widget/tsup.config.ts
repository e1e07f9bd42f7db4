import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

/** Libraries the host installs (peers) or that npm installs beside us (dependencies). */
const EXTERNAL = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  '@excalidraw/excalidraw',
  'rxjs',
  'socket.io-client',
];

/**
 * dist/styles.css = Excalidraw's stylesheet + ours, so a host imports one file. Excalidraw's
 * sheet points at its UI font (Assistant) with relative URLs, so those files travel with it.
 */
function writeStyles(): void {
  const require = createRequire(import.meta.url);
  const excalidrawDist = dirname(require.resolve('@excalidraw/excalidraw'));
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
      'collab/index': 'src/collab/index.ts',
      'replay/index': 'src/replay/index.ts',
    },
    format: ['esm'],
    target: 'es2022',
    platform: 'browser',
    // Inline the private domain package's types too: point its specifiers at its sources.
    dts: {
      compilerOptions: {
        baseUrl: '.',
        paths: {
          '@tabula/domain': ['../domain/src/index.ts'],
          '@tabula/domain/protocol': ['../domain/src/protocol/index.ts'],
        },
      },
    },
    sourcemap: true,
    clean: false,
    splitting: true,
    treeshake: true,
    external: EXTERNAL,
    // The domain package is private: its code is bundled into ours.
    noExternal: [/^@tabula\/domain/],
    onSuccess: async () => writeStyles(),
  },
  {
    entry: { 'cli/copyFonts': 'src/cli/copyFonts.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
