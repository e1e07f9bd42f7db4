/**
 * `tabula-whiteboard-fonts <dir>`: copies Excalidraw's fonts into `<dir>/fonts`, so a host can
 * serve them itself and set `window.EXCALIDRAW_ASSET_PATH` to the URL of `<dir>`. Without it
 * Excalidraw fetches its fonts from esm.sh.
 *
 *   npx tabula-whiteboard-fonts public/excalidraw-assets
 *   // then, before the widget renders: setExcalidrawAssetPath('/excalidraw-assets/')
 */
import { copyExcalidrawFonts } from './fonts';

const target = process.argv[2];
if (!target || target === '--help' || target === '-h') {
  console.log(
    'usage: tabula-whiteboard-fonts <public-dir>   (copies Excalidraw fonts to <public-dir>/fonts)',
  );
  process.exitCode = target ? 0 : 1;
} else {
  console.log(`Excalidraw fonts copied to ${copyExcalidrawFonts(target)}`);
}
