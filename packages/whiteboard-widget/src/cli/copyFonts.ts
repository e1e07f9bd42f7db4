/**
 * `tabula-whiteboard-fonts <dir>`: copies Excalidraw's fonts into `<dir>/fonts`, so a host can
 * serve them itself and set `window.EXCALIDRAW_ASSET_PATH` to the URL of `<dir>`. Without it
 * Excalidraw fetches its fonts from esm.sh.
 *
 *   npx tabula-whiteboard-fonts public/excalidraw-assets
 *   // then, before the widget renders: window.EXCALIDRAW_ASSET_PATH = '/excalidraw-assets/';
 */
import { cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** Where the installed `@excalidraw/excalidraw` keeps its production fonts. */
export function excalidrawFontsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@excalidraw/excalidraw')), 'fonts');
}

/** Copies the fonts to `<targetDir>/fonts` and returns that folder. */
export function copyExcalidrawFonts(targetDir: string): string {
  const source = excalidrawFontsDir();
  if (!existsSync(source)) throw new Error(`Excalidraw fonts not found at ${source}`);
  const destination = join(resolve(targetDir), 'fonts');
  cpSync(source, destination, { recursive: true });
  return destination;
}

function main(argv: readonly string[]): void {
  const target = argv[0];
  if (!target || target === '--help' || target === '-h') {
    console.log(
      'usage: tabula-whiteboard-fonts <public-dir>   (copies Excalidraw fonts to <public-dir>/fonts)',
    );
    process.exitCode = target ? 0 : 1;
    return;
  }
  const destination = copyExcalidrawFonts(target);
  console.log(`Excalidraw fonts copied to ${destination}`);
}

main(process.argv.slice(2));
