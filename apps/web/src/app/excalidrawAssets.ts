import './excalidrawFonts.css';

declare global {
  interface Window {
    /** Where Excalidraw looks for `fonts/...`; read when its module loads. */
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Points Excalidraw at the fonts this app serves at /fonts/... (copied into the build by
 * vite.config.ts), so nothing is fetched from a CDN. It must run before Excalidraw's module
 * is evaluated, so the entry calls it first thing, long before a canvas screen loads.
 */
export function serveExcalidrawAssetsFromOrigin(): void {
  window.EXCALIDRAW_ASSET_PATH = '/';
}
