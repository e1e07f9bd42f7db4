import { cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** Where the installed `@excalidraw/excalidraw` keeps its production fonts. */
export function excalidrawFontsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@excalidraw/excalidraw')), 'fonts');
}

/**
 * Copies Excalidraw's fonts to `<targetDir>/fonts` and returns that folder. Serve `targetDir`
 * and set `window.EXCALIDRAW_ASSET_PATH` to its URL.
 */
export function copyExcalidrawFonts(targetDir: string): string {
  const source = excalidrawFontsDir();
  if (!existsSync(source)) throw new Error(`Excalidraw fonts not found at ${source}`);
  const destination = join(resolve(targetDir), 'fonts');
  cpSync(source, destination, { recursive: true });
  return destination;
}
